import { getPolicyHistory, searchPoliciesRelatedToLoggedUser } from '@aval/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAsInsurerUser } from '../../plugins/job-context.js';
import { uniqueEmail } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { createPolicy, inDays } from '../../test/policies.js';
import { type QuoteSetup, quoteSetup } from '../../test/proposals.js';
import { mailText, startSmtpServer } from '../../test/smtp.js';
import { until } from '../../test/wait.js';
import { brokers } from '../brokers/brokers.table.js';
import { insureds } from '../insureds/insureds.table.js';
import { policyHolders } from '../policy-holders/policy-holders.table.js';
import { expireEnded, policiesDailyQueue, sendExpiryNotices } from './policies.jobs.js';
import { policies } from './policies.table.js';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestApp;
let s: QuoteSetup;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ jobWorkers: true, env: { SMTP_URL: smtp.url } });
  s = await quoteSetup(t);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const asSystemOf54 = <T>(fn: Parameters<typeof runAsInsurerUser<T>>[3]) =>
  runAsInsurerUser(t.platform, { companyId: 54, userId: 0, jobId: 'test' }, t.platform.log, fn);
const rowOf = async (id: number) =>
  (await t.database.db.select().from(policies).where(eq(policies.id, id)))[0]!;

describe('policies daily job', () => {
  it('should mark ended policies Vencida and send the 90-day notice once to holder, insured and broker', async () => {
    const holderEmail = uniqueEmail('tomador');
    const insuredEmail = uniqueEmail('segurado');
    await t.database.db
      .update(policyHolders)
      .set({ email: holderEmail })
      .where(eq(policyHolders.id, s.holder.id));
    await t.database.db.update(insureds).set({ email: insuredEmail }).where(eq(insureds.id, s.insured.Id));
    const notice = await createPolicy(t, s, { startDate: inDays(-280), endDate: inDays(85) });
    const [broker] = await t.database.db.select().from(brokers).where(eq(brokers.id, notice.brokerId));
    const ended = await createPolicy(t, s, { startDate: inDays(-366), endDate: inDays(-1) });
    const far = await createPolicy(t, s, { endDate: inDays(120) });
    const cancelled = await createPolicy(t, s, { endDate: inDays(30), statusId: 3 });

    await t.platform.jobs.send(policiesDailyQueue(t.platform), {});
    const mails = await smtp.waitForMails(holderEmail, 1);
    const text = mailText(mails[0]!.raw);
    expect(text).toContain(notice.number);
    expect(text).toContain('Circular SUSEP');
    expect(mails[0]!.raw).toContain(`Subject: =?UTF-8?Q?Aviso_de_vencimento_da_ap`);
    await smtp.waitForMail(insuredEmail);
    await smtp.waitForMail(broker!.email);

    await until(async () => (await rowOf(ended.id)).statusId === 4, 'the ended policy to be status 4');
    const noticed = await rowOf(notice.id);
    expect(noticed.expiryNoticeSentAt).not.toBeNull();
    expect(noticed.statusId).toBe(2);
    expect((await rowOf(far.id)).expiryNoticeSentAt).toBeNull();
    expect((await rowOf(cancelled.id)).expiryNoticeSentAt).toBeNull();
    expect((await rowOf(cancelled.id)).statusId).toBe(3);

    const history = await t.data(getPolicyHistory, {
      as: 'admin',
      query: { policyUniqueid: notice.uniqueId },
    });
    expect(history[0]).toMatchObject({
      FieldLabel: 'Aviso de vencimento (90 dias)',
      ChangedByName: 'Sistema',
    });
    expect(history[0]!.NewValue).toContain(holderEmail);
    const endedHistory = await t.data(getPolicyHistory, {
      as: 'admin',
      query: { policyUniqueid: ended.uniqueId },
    });
    expect(endedHistory[0]).toMatchObject({
      FieldLabel: 'Situação',
      OldValue: 'Emitida',
      NewValue: 'Vencida',
    });

    // A second run finds nothing new: once per policy.
    expect(await asSystemOf54((ctx) => sendExpiryNotices(ctx))).toBe(0);
    expect(await asSystemOf54((ctx) => expireEnded(ctx))).toBe(0);
    expect(smtp.received.filter((m) => m.to.includes(holderEmail))).toHaveLength(1);

    // The "a vencer" filter still lists it; the Vencida one is out of it.
    const expiring = await t.data(searchPoliciesRelatedToLoggedUser, {
      as: 'admin',
      query: { policyHolderDocument: s.holder.document, expiringInDays: 90, rowsPerPage: 50 },
    });
    expect(expiring.Data.map((p) => p.UniqueId)).toEqual([notice.uniqueId]);
  });
});
