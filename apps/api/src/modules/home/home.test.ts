import { getHomeSummary, getUserInfo, menuShownTo, Permission as P, UserType } from '@aval/contracts';
import { DocumentStatus } from '@aval/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caller } from '../../test/call.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { createDraft, type QuoteSetup, quoteSetup } from '../../test/proposals.js';
import { requestDocuments } from '../documents/documents.table.js';
import { policyHolderExposures } from '../policy-holders/policy-holders.table.js';
import { proposals } from '../proposals/proposals.table.js';

let t: TestApp;
let s: QuoteSetup;
beforeAll(async () => {
  t = await createTestApp();
  s = await quoteSetup(t);
});
afterAll(() => t.close());

const DAY = 86_400_000;
const summary = (as: Caller) => t.data(getHomeSummary, { as });
const countOf = (list: { StatusId: number; Count: number }[], status: number) =>
  list.find((r) => r.StatusId === status)?.Count ?? 0;

/** Puts a draft of the test in a status, its acceptance clock started `daysAgo` days ago (half a day more). */
const moveTo = (id: number, statusId: number, daysAgo?: number) =>
  t.database.db
    .update(proposals)
    .set({
      statusId,
      analysisStartedAt: daysAgo === undefined ? null : new Date(Date.now() - (daysAgo + 0.5) * DAY),
    })
    .where(eq(proposals.id, id));

describe('GetHomeSummary', () => {
  it('should count the proposals per status and list the acceptance clocks near the 25 days', async () => {
    const before = await summary('admin');
    const beforeBroker = await summary('corretor');
    const drafts = [];
    for (let i = 0; i < 5; i++) drafts.push(await createDraft(t, s));
    const [near, overdue, far, waiting, draft] = drafts as [
      (typeof drafts)[0],
      (typeof drafts)[0],
      (typeof drafts)[0],
      (typeof drafts)[0],
      (typeof drafts)[0],
    ];
    await moveTo(near.Id, 2, 22); // 22 days elapsed: 3 left
    await moveTo(overdue.Id, 2, 30); // past the 25 days: 0 left, overdue
    await moveTo(far.Id, 2, 5); // 20 left: not near
    await moveTo(waiting.Id, 6, 21); // 4 left while the broker answers
    void draft; // stays 8 Em Cotação

    const after = await summary('admin');
    // Hand-computed: +3 in 2 Em análise, +1 in 6 Aguardando Corretor, +1 in 8 Em Cotação.
    expect(countOf(after.ProposalsByStatus, 2) - countOf(before.ProposalsByStatus, 2)).toBe(3);
    expect(countOf(after.ProposalsByStatus, 6) - countOf(before.ProposalsByStatus, 6)).toBe(1);
    expect(countOf(after.ProposalsByStatus, 8) - countOf(before.ProposalsByStatus, 8)).toBe(1);
    expect(after.ProposalsByStatus.find((r) => r.StatusId === 2)?.StatusName).toBe('Em análise');
    // The broker's own brokerage made them: the same deltas in its scope.
    const broker = await summary('corretor');
    expect(countOf(broker.ProposalsByStatus, 2) - countOf(beforeBroker.ProposalsByStatus, 2)).toBe(3);

    const mine = new Set([near.UniqueId, overdue.UniqueId, far.UniqueId, waiting.UniqueId]);
    expect(after.AcceptanceDueTotal - before.AcceptanceDueTotal).toBe(3);
    const listed = after.AcceptanceDue.filter((p) => mine.has(p.UniqueId));
    expect(listed.map((p) => [p.Number, p.DaysLeft, p.IsOverdue, p.StatusId])).toEqual([
      [overdue.Number, 0, true, 2],
      [near.Number, 3, false, 2],
      [waiting.Number, 4, false, 6],
    ]);
    expect(after.AcceptanceDue.every((p, i, all) => i === 0 || all[i - 1]!.DaysLeft <= p.DaysLeft)).toBe(
      true,
    );
    // Brokers do not get the insurer's clock list.
    expect(broker.AcceptanceDue).toEqual([]);
    expect(broker.AcceptanceDueTotal).toBe(0);
  });

  it("should list the broker's policy holders by limit used and the proposals with required documents pending", async () => {
    // R$ 4.375.000,00 outstanding of the R$ 5.000.000,00 limit of quoteSetup: 87.5 %.
    await t.database.db.insert(policyHolderExposures).values({
      companyId: 54,
      policyHolderId: s.holder.id,
      amount: '4375000.00',
      reference: 'teste da página inicial',
    });
    const a = await createDraft(t, s);
    const b = await createDraft(t, s);
    const c = await createDraft(t, s);
    await t.database.db
      .delete(requestDocuments)
      .where(
        and(
          eq(requestDocuments.ownerType, 'proposal'),
          inArray(requestDocuments.ownerId, [a.Id, b.Id, c.Id]),
        ),
      );
    const doc = (ownerId: number, isRequired: boolean, statusId: number) => ({
      companyId: 54,
      ownerType: 'proposal',
      ownerId,
      name: `Documento ${ownerId}-${Math.random()}`,
      typeId: 1,
      isRequired,
      statusId,
    });
    await t.database.db
      .insert(requestDocuments)
      .values([
        doc(a.Id, true, DocumentStatus.PENDENTE),
        doc(a.Id, true, DocumentStatus.PENDENTE),
        doc(b.Id, true, DocumentStatus.PENDENTE),
        doc(b.Id, true, DocumentStatus.CONFORME),
        doc(c.Id, false, DocumentStatus.PENDENTE),
        doc(c.Id, true, DocumentStatus.CONFORME),
      ]);

    const home = await summary('corretor');
    const holder = home.PolicyHolderLimits.find((h) => h.UniqueId === s.holder.uniqueId);
    expect(holder).toMatchObject({
      Limit: '5000000.00',
      Used: '4375000.00',
      Available: '625000.00',
      UsedPercent: 87.5,
    });
    expect(
      home.PolicyHolderLimits.every((h, i, all) => i === 0 || all[i - 1]!.UsedPercent >= h.UsedPercent),
    ).toBe(true);
    const pending = new Map(home.PendingDocuments.map((p) => [p.ProposalUniqueId, p.Pending]));
    expect(pending.get(a.UniqueId)).toBe(2);
    expect(pending.get(b.UniqueId)).toBe(1);
    expect(pending.has(c.UniqueId)).toBe(false);
    // Insurer staff get no limits list (BI shows them), the proposals with pending documents yes.
    const staff = await summary('admin');
    expect(staff.PolicyHolderLimits).toEqual([]);
    expect(staff.PendingDocuments.some((p) => p.ProposalUniqueId === a.UniqueId)).toBe(true);
  });

  it("should show another company's users none of these proposals", async () => {
    const draft = await createDraft(t, s);
    await moveTo(draft.Id, 2, 24);
    const other = await summary({ user: 'admin', company: 325 });
    expect(other.AcceptanceDue.map((p) => p.UniqueId)).not.toContain(draft.UniqueId);
    const otherBroker = await summary({ user: 'corretor', company: 325 });
    expect(otherBroker.PolicyHolderLimits.map((h) => h.UniqueId)).not.toContain(s.holder.uniqueId);
    expect(otherBroker.PendingDocuments.map((p) => p.ProposalUniqueId)).not.toContain(draft.UniqueId);
  });

  it('should refuse callers without a proposal permission (403) and advisors on their own (403)', async () => {
    const none = await t.call(getHomeSummary, {
      as: { cid: 54, utp: UserType.INSURANCE, prm: [P.VISUALIZAR_BI] },
    });
    expect(none.status).toBe(403);
    const advisor = await t.call(getHomeSummary, { as: 'assessor' });
    expect(advisor.status).toBe(403);
    const anonymous = await t.call(getHomeSummary, {});
    expect(anonymous.status).toBe(401);
  });
});

describe('HomeMenuId', () => {
  it('should send insurer staff, brokers, agents and policy holders to Início and advisors to their list', async () => {
    for (const user of ['admin', 'analista', 'corretor', 'agente', 'tomador'] as const) {
      const info = await t.data(getUserInfo, { as: user });
      expect(info.HomeMenuId, user).toBe(11);
      expect(info.Menus[0], user).toMatchObject({ Id: 11, Name: 'Início', Route: '/inicio' });
    }
    // An advisor holds the home menu (it needs no permission) but is not shown it (menuShownTo).
    const advisor = await t.data(getUserInfo, { as: 'assessor' });
    expect(menuShownTo(11, UserType.ADVISOR)).toBe(false);
    expect(advisor.HomeMenuId).toBe(9);
  });
});
