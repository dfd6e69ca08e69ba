import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { BiDashboard, BiFilters, saveExternalBiSettingsBody } from '@aval/contracts';
import { addDays, toDec } from '@aval/domain';
import { SignJWT } from 'jose';
import type { z } from 'zod';
import type { UserContext } from '../../context.js';
import { currentDay, currentTime } from '../../lib/clock.js';
import { badRequest, forbidden, invalidFields } from '../../lib/errors.js';
import { brokerScope } from '../../lib/visibility.js';
import { branchChoices, modalityChoices } from '../parameterisation/index.js';
import {
  insuredAmountInForceByModality,
  policiesExpiringByWindow,
  policiesLateAtSro,
} from '../policies/index.js';
import { limitUseByEconomicGroup, limitUseByPolicyHolder } from '../policy-holders/index.js';
import { commissionFlexByBroker, proposalFunnel, quoteBrokers } from '../proposals/index.js';
import * as repo from './bi.repository.js';

/** Lifetime of an external BI embed token (Metabase static embedding). */
export const EMBED_TTL_SECONDS = 600;

const percentage = (used: string, limit: string) =>
  toDec(limit).greaterThan(0) ? toDec(used).div(limit).times(100).toFixed(2) : null;

const limitUse = (limit: string, used: string) => ({
  Limit: limit,
  Used: used,
  Available: toDec(limit).minus(used).toFixed(2),
  UsedPercentage: percentage(used, limit),
});

/** The first day of the month `months` after the month of `day` (negative: before). */
export const monthStart = (day: string, months = 0) => {
  const [y, m] = day.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1 + months, 1)).toISOString().slice(0, 10);
};

/** The first day of the month eleven months before `today`: a 12-month window ending today. */
const twelveMonthsBack = (today: string) => monthStart(today, -11);

/**
 * How the premium chart reads the period `start`..`end` (issue 17): the whole months inside it that
 * closed before today's month and that the last aggregates rebuild covers (`through`, its last
 * month) from `bi_premium_months`; the days around them (a period's partial first and last months,
 * the current month, months closed since the rebuild) live. Without a rebuild, all live.
 */
export const premiumPlan = (start: string, end: string, today: string, through: string | undefined) => {
  const whole = {
    from: monthStart(start, start.endsWith('-01') ? 0 : 1),
    to: monthStart(addDays(end, 1), -1),
  };
  const to = [whole.to, monthStart(today, -1), through ?? ''].sort()[0]!;
  if (!through || whole.from > to) return { live: [{ from: start, to: end }] };
  const live = [
    { from: start, to: addDays(whole.from, -1) },
    { from: monthStart(to, 1), to: end },
  ].filter((d) => d.from <= d.to);
  return { live, stored: { from: whole.from, to } };
};

/**
 * Rebuilds the company's BI aggregates (the daily `bi-aggregates` job, bi.jobs.ts): every month
 * closed before today's, in the caller's RLS transaction.
 */
export const refreshAggregates = async (ctx: UserContext, today = currentDay()) => {
  await repo.rebuildPremiumMonths(ctx, monthStart(today), monthStart(today, -1));
};

const expiringLabels: Record<number, string> = { 30: 'Até 30 dias', 60: '31 a 60 dias', 90: '61 a 90 dias' };

/** The dashboard's period and scope, checked: insurer staff see the company, brokerage users their production. */
const dashboardScope = async (ctx: UserContext, f: BiFilters): Promise<repo.Scope> => {
  const today = currentDay();
  const end = f.EndDate ?? today;
  const start = f.StartDate ?? twelveMonthsBack(end);
  if (start > end)
    throw invalidFields(400, [{ Field: 'StartDate', Message: 'A data inicial deve ser anterior à final.' }]);
  if (addDays(start, 3660) < end) throw badRequest('O período pode ter no máximo 10 anos.');
  // Insurer staff see the company; a broker, agent or advisor its brokerages' production only.
  const visible = await brokerScope(ctx);
  const brokerIds = visible.all ? undefined : visible.brokerIds;
  if (brokerIds && f.BrokerId !== undefined && !brokerIds.includes(f.BrokerId))
    throw forbidden('Você só vê a produção das suas corretoras.');
  return {
    start,
    end,
    today,
    branchId: f.BranchId,
    modalityId: f.ModalityId,
    brokerId: f.BrokerId,
    brokerIds,
  };
};

/**
 * The dashboard's figures, from BI's aggregates and the owning modules' read models (policies,
 * endorsements, proposals, policy holders), read one after the other: the request's transaction is
 * one connection.
 */
const readDashboard = async (ctx: UserContext, s: repo.Scope) => {
  const { start, end, today, brokerIds } = s;
  const period = { from: start, to: end };
  const plan = premiumPlan(start, end, today, (await repo.findRefresh(ctx.db, ctx.company.id))?.throughMonth);
  const premium = await repo.premiumByMonth(ctx, s, plan.live, plan.stored);
  const inForce = await insuredAmountInForceByModality(ctx, s, today);
  const fun = await proposalFunnel(ctx, s, period);
  // Limits and exposure are the insurer's view of its policy holders, not a brokerage's production.
  const holders = brokerIds ? [] : await limitUseByPolicyHolder(ctx);
  const groups = brokerIds ? [] : await limitUseByEconomicGroup(ctx);
  const exp = await policiesExpiringByWindow(ctx, s, today);
  const late = await policiesLateAtSro(ctx, s, today);
  const flex = await commissionFlexByBroker(ctx, s, period);
  return { premium, inForce, fun, holders, groups, exp, late, flex };
};

/** The filter choices: the company's branches and modalities, and the brokers of its quotes. */
const readOptions = async (ctx: UserContext) => {
  const branches = await branchChoices(ctx);
  const modalities = await modalityChoices(ctx);
  const brokers = await quoteBrokers(ctx);
  return { branches, modalities, brokers };
};

type Figures = Awaited<ReturnType<typeof readDashboard>>;

/** Production: premium by month, insured amount in force and the quote-to-policy funnel. */
const productionView = ({
  premium,
  inForce,
  fun,
}: Figures): Pick<BiDashboard, 'PremiumByMonth' | 'InsuredAmountInForce' | 'Funnel'> => ({
  PremiumByMonth: premium.map((r) => ({
    Month: r.month,
    ModalityId: r.modality_id,
    ModalityName: r.modality_name,
    Written: r.written,
    Restitutions: r.restitutions,
    Net: toDec(r.written).minus(r.restitutions).toFixed(2),
  })),
  InsuredAmountInForce: inForce.map((r) => ({
    ModalityId: r.modality_id,
    ModalityName: r.modality_name,
    Policies: r.policies,
    InsuredAmount: r.insured_amount,
  })),
  Funnel: [
    { Stage: 'Quote', Label: 'Cotações', Count: fun.quotes, InsuredAmount: fun.quotes_is },
    { Stage: 'Proposal', Label: 'Propostas', Count: fun.proposals, InsuredAmount: fun.proposals_is },
    { Stage: 'Issued', Label: 'Emitidas', Count: fun.issued, InsuredAmount: fun.issued_is },
  ],
});

/** Portfolio: limits by holder and group, policies expiring, late SRO registrations, commission flex. */
const portfolioView = ({
  holders,
  groups,
  exp,
  late,
  flex,
}: Figures): Pick<
  BiDashboard,
  'LimitByPolicyHolder' | 'LimitByEconomicGroup' | 'Expiring' | 'LateSro' | 'CommissionFlex'
> => ({
  LimitByPolicyHolder: holders.map((h) => ({
    PolicyHolderId: h.id,
    Name: h.name,
    Document: h.document,
    ...limitUse(h.limit, h.used),
  })),
  LimitByEconomicGroup: groups.map((g) => ({
    EconomicGroupId: g.id,
    Name: g.name,
    Members: g.members,
    ...limitUse(g.limit, g.used),
  })),
  Expiring: [30, 60, 90].map((days) => {
    const r = exp.find((e) => e.days === days);
    return {
      Days: days,
      Label: expiringLabels[days]!,
      Policies: r?.policies ?? 0,
      InsuredAmount: r?.insured_amount ?? '0.00',
    };
  }),
  LateSro: {
    Total: late.total,
    InsuredAmount: late.insuredAmount,
    Policies: late.list.map((p) => ({
      UniqueId: p.unique_id,
      Number: p.number,
      PolicyHolderName: p.policy_holder_name,
      BrokerName: p.broker_name,
      SroDeadline: p.sro_deadline,
      DaysLate: p.days_late,
    })),
  },
  CommissionFlex: flex.map((b) => ({
    BrokerId: b.broker_id,
    BrokerName: b.broker_name,
    Policies: b.policies,
    FlexedPolicies: b.flexed,
    AverageDefaultPercentage: b.avg_default,
    AverageUsedPercentage: b.avg_used,
    CommissionGivenUp: b.given_up,
  })),
});

/** GetDashboard: the BI figures of the period and filters the caller may see. */
export const getDashboard = async (ctx: UserContext, f: BiFilters): Promise<BiDashboard> => {
  const s = await dashboardScope(ctx, f);
  const { brokerIds } = s;
  const figures = await readDashboard(ctx, s);
  const opts = await readOptions(ctx);
  return {
    StartDate: s.start,
    EndDate: s.end,
    Today: s.today,
    BrokerScoped: brokerIds !== undefined,
    Options: {
      Branches: opts.branches.map((b) => ({ Id: b.id, Name: b.name })),
      Modalities: opts.modalities.map((m) => ({ Id: m.id, Name: m.name, BranchId: m.branch_id })),
      Brokers: opts.brokers
        .filter((b) => !brokerIds || brokerIds.includes(b.id))
        .map((b) => ({ Id: b.id, Name: b.name })),
    },
    ...productionView(figures),
    ...portfolioView(figures),
  };
};

// ---------------------------------------------------------------- external BI (Metabase)

/** The key that encrypts the stored embedding secrets (app_secrets `bi_settings_key`, 32 bytes). */
export type SecretBox = { encrypt: (plain: string) => string; decrypt: (sealed: string) => string };

export const secretBox = (keyBase64url: string): SecretBox => {
  const key = Buffer.from(keyBase64url, 'base64url');
  return {
    encrypt: (plain) => {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url')).join('.');
    },
    decrypt: (sealed) => {
      const [iv, tag, data] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
      const decipher = createDecipheriv('aes-256-gcm', key, iv!);
      decipher.setAuthTag(tag!);
      return Buffer.concat([decipher.update(data!), decipher.final()]).toString('utf8');
    },
  };
};

const settingsView = (r: repo.BiSettingsRow | undefined) => ({
  Configured: r !== undefined,
  SiteUrl: r?.siteUrl ?? null,
  DashboardId: r?.dashboardId ?? null,
  HasSecret: r !== undefined,
  UpdatedAt: r?.updatedAt.toISOString() ?? null,
});

export const getSettings = async (ctx: UserContext) =>
  settingsView(await repo.findSettings(ctx.db, ctx.company.id));

/**
 * The portal frames the dashboard only from the origins the CSP's frame-src allows
 * (BI_EMBED_ORIGINS, fixed at startup): a site outside them would save and then show a blank frame,
 * so it is refused (422 on SiteUrl) with the origins that are allowed.
 */
const assertEmbeddable = (allowed: readonly string[], siteUrl: string) => {
  const origin = new URL(siteUrl).origin;
  if (allowed.includes(origin)) return;
  const Message = allowed.length
    ? `A URL do Metabase deve estar numa origem autorizada para incorporação no portal (${allowed.join(', ')}); ${origin} não está.`
    : `Nenhuma origem de BI está autorizada para incorporação no portal; peça ao administrador do sistema que inclua ${origin} na configuração (BI_EMBED_ORIGINS).`;
  throw invalidFields(422, [{ Field: 'SiteUrl', Message }], 'business_rule');
};

export const saveSettings = async (
  ctx: UserContext,
  box: SecretBox,
  body: z.infer<typeof saveExternalBiSettingsBody>,
) => {
  if (!body.Enabled) {
    await repo.deleteSettings(ctx.db, ctx.company.id);
    return settingsView(undefined);
  }
  const current = await repo.findSettings(ctx.db, ctx.company.id);
  const missing = [
    !body.SiteUrl && { Field: 'SiteUrl', Message: 'Informe a URL do Metabase.' },
    !body.DashboardId && { Field: 'DashboardId', Message: 'Informe o número do painel.' },
    !body.Secret && !current && { Field: 'Secret', Message: 'Informe a chave secreta de incorporação.' },
  ].filter((m): m is { Field: string; Message: string } => Boolean(m));
  if (missing.length > 0) throw invalidFields(400, missing);
  assertEmbeddable(ctx.platform.config.biEmbedOrigins, body.SiteUrl!);
  const row = await repo.saveSettings(ctx.db, {
    companyId: ctx.company.id,
    siteUrl: body.SiteUrl!.replace(/\/+$/, ''),
    dashboardId: body.DashboardId!,
    secretEncrypted: body.Secret ? box.encrypt(body.Secret) : current!.secretEncrypted,
    updatedByUserId: ctx.user.userId,
  });
  return settingsView(row);
};

/**
 * Metabase static embedding: an HS256 token `{ resource: { dashboard }, params: { company_id }, exp }`
 * signed with the company's embedding secret. The company is the caller's, so no one can look at
 * another insurer's numbers by editing the URL (Metabase locks signed parameters).
 */
export const getEmbed = async (ctx: UserContext, box: SecretBox, now = currentTime()) => {
  const row = await repo.findSettings(ctx.db, ctx.company.id);
  if (!row) return { Configured: false, Url: null, ExpiresAt: null };
  const exp = Math.floor(now.getTime() / 1000) + EMBED_TTL_SECONDS;
  const token = await new SignJWT({
    resource: { dashboard: row.dashboardId },
    params: { company_id: ctx.company.id },
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(exp)
    .sign(new TextEncoder().encode(box.decrypt(row.secretEncrypted)));
  return {
    Configured: true,
    Url: `${row.siteUrl}/embed/dashboard/${token}#bordered=false&titled=true`,
    ExpiresAt: new Date(exp * 1000).toISOString(),
  };
};
