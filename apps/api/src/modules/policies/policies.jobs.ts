import { addDays, formatDate, formatMoney, PolicyStatus } from '@aval/domain';
import { z } from 'zod';
import type { Platform, UserContext } from '../../context.js';
import { currentDay, currentTime } from '../../lib/clock.js';
import { asSystem, runForEachCompany } from '../../plugins/job-context.js';
import { defineQueue } from '../../plugins/jobs.js';
import * as brokers from '../brokers/index.js';
import * as history from '../change-history/index.js';
import * as insureds from '../insureds/index.js';
import * as policyHolders from '../policy-holders/index.js';
import { companyPortalUrl } from '../portal/index.js';
import { policyHistory } from './policies.portal.js';
import * as repo from './policies.query.repository.js';
import { verificationPath } from './policies.service.js';
import { recordMissingIssuanceSro } from './policies.sro.js';

/** Circular SUSEP 662/2022 art. 9 III: notify at least 90 days before the end of the vigência. */
export const EXPIRY_NOTICE_DAYS = 90;
/** Rows per transaction of the daily job (a large backlog is worked in several passes). */
const BATCH = 500;

export const POLICIES_DAILY_QUEUE = 'policies-daily';
/** Every day at 03:00 UTC (00:00 in Brasília). */
export const POLICIES_DAILY_CRON = '0 3 * * *';

/**
 * Emitida policies whose vigência ended become Vencida (4), with a history entry by the system.
 * Returns how many changed.
 */
export const expireEnded = async (ctx: UserContext, today = currentDay()) => {
  let changed = 0;
  for (;;) {
    const rows = await repo.endedPolicies(ctx.db, ctx.company.id, today, BATCH);
    for (const r of rows) {
      await repo.updatePolicy(ctx.db, r.id, { statusId: PolicyStatus.VENCIDA });
      await history.recordChanges(asSystem(ctx), policyHistory.of(r.id), [
        { field: 'StatusId', old: 'Emitida', new: 'Vencida' },
      ]);
    }
    changed += rows.length;
    if (rows.length < BATCH) return changed;
  }
};

const noticeText = (r: repo.PolicyRow, link: string) =>
  [
    'Prezados,',
    '',
    `Informamos que a apólice de seguro garantia nº ${r.number} termina em ${formatDate(r.endDate)}.`,
    '',
    `Tomador: ${r.policyHolderName}`,
    r.insuredName ? `Segurado: ${r.insuredName}` : undefined,
    `Modalidade: ${r.modalityName}`,
    `Importância segurada: ${formatMoney(r.insuredAmount)}`,
    `Vigência: ${formatDate(r.startDate)} a ${formatDate(r.endDate)}`,
    '',
    'Este aviso é enviado com 90 dias de antecedência, conforme o art. 9º, III, da Circular SUSEP nº 662/2022.',
    'Se a obrigação garantida continuar após essa data, procure o corretor para solicitar o endosso de prorrogação.',
    '',
    `Autenticidade da apólice: ${link}`,
  ]
    .filter((l) => l !== undefined)
    .join('\n');

/** The e-mail addresses of the policy's policy holder, insured and broker (those that have one). */
const recipientsOf = async (ctx: UserContext, r: repo.PolicyRow) => {
  const holder = await policyHolders.getVisible(ctx, r.policyHolderUniqueId).catch(() => undefined);
  const insured = await (r.insuredId
    ? insureds.getInsuredById(ctx, r.insuredId).catch(() => undefined)
    : undefined);
  const broker = await brokers.findBroker(ctx, r.brokerId);
  const emails = [holder?.email, insured?.Email, broker?.broker.email]
    .map((e) => e?.trim().toLowerCase())
    .filter((e): e is string => Boolean(e));
  return [...new Set(emails)];
};

/**
 * The 90-day notices: each Emitida policy ending within 90 days and not yet notified gets one
 * e-mail to each of its policy holder, insured and broker (queued in the same transaction, so the
 * record and the e-mails go together), `expiryNoticeSentAt` and a history entry. Once per policy.
 */
export const sendExpiryNotices = async (ctx: UserContext, today = currentDay()) => {
  const until = addDays(today, EXPIRY_NOTICE_DAYS);
  const portal = await companyPortalUrl(ctx);
  let sent = 0;
  for (;;) {
    const rows = await repo.policiesToNotify(ctx.db, ctx.company.id, today, until, BATCH);
    for (const r of rows) {
      const to = await recipientsOf(ctx, r);
      const link = `${portal}${verificationPath(r)}`;
      for (const address of to) {
        await ctx.platform.jobs.send(
          ctx.platform.queues.sendMail,
          {
            to: address,
            subject: `Aviso de vencimento da apólice ${r.number} em ${formatDate(r.endDate)}`,
            text: noticeText(r, link),
          },
          { tx: ctx.db, idempotencyKey: `policy-expiry-notice:${r.id}:${address}` },
        );
      }
      await repo.updatePolicy(ctx.db, r.id, { expiryNoticeSentAt: currentTime() });
      await history.recordChanges(asSystem(ctx), policyHistory.of(r.id), [
        {
          field: 'ExpiryNotice',
          old: null,
          new: to.length ? `Enviado a ${to.join(', ')}` : 'Sem e-mail cadastrado para o aviso',
        },
      ]);
    }
    sent += rows.length;
    if (rows.length < BATCH) return sent;
  }
};

/**
 * The daily queue: expiry, notices and the SRO registration of issuances that had none, in every
 * company (idempotent: a rerun finds nothing new).
 */
export const policiesDailyQueue = (platform: Platform) =>
  defineQueue({
    name: POLICIES_DAILY_QUEUE,
    data: z.object({ today: z.string().optional() }).default({}),
    retryLimit: 3,
    handler: async (data, job) => {
      await runForEachCompany(platform, job.id, job.log, async (ctx) => {
        const expired = await expireEnded(ctx, data.today);
        const notified = await sendExpiryNotices(ctx, data.today);
        if (expired || notified)
          job.log.info({ companyId: ctx.company.id, expired, notified }, 'policies daily');
      });
      // Apart (its own transaction per company): a registration that cannot be built never undoes
      // the day's expiries and notices.
      await runForEachCompany(platform, job.id, job.log, async (ctx) => {
        const registered = await recordMissingIssuanceSro(ctx);
        if (registered) job.log.info({ companyId: ctx.company.id, registered }, 'SRO issuances recorded');
      });
    },
  });
