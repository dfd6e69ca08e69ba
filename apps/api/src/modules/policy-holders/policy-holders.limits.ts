import type { HomeSummary, PolicyHolderLimits } from '@aval/contracts';
import { Dec, isInsurance, toDec } from '@aval/domain';
import type { UserContext } from '../../context.js';
import { policyHolderScope } from '../../lib/visibility.js';
import { modalityLabels } from '../parameterisation/index.js';
import * as users from '../users/index.js';
import * as limitsRepo from './policy-holders.limits.repository.js';
import * as repo from './policy-holders.repository.js';

type Row = repo.PolicyHolderRow;

export const USAGE_SOURCE =
  'Utilizado = soma da importância segurada em aberto: propostas aprovadas (reserva), apólices emitidas, endossos e cancelamentos, pelo livro de exposições do tomador.';

const sumDec = (values: (string | null | undefined)[]) =>
  values.reduce((acc: Dec, v) => (v ? acc.add(toDec(v)) : acc), new Dec(0));
const nonNegative = (v: Dec) => Dec.max(0, v);
const m2 = (v: Dec) => v.toFixed(2);

/** Outstanding IS per policy holder (total and by modality). */
export const usedOf = async (ctx: Pick<UserContext, 'db' | 'company'>, ids: number[]) => {
  const rows = await limitsRepo.exposuresOf(ctx.db, ctx.company.id, ids);
  const total = new Map<number, Dec>();
  const byModality = new Map<string, Dec>();
  for (const r of rows) {
    const amount = toDec(r.amount ?? '0');
    total.set(r.policyHolderId, (total.get(r.policyHolderId) ?? new Dec(0)).add(amount));
    if (r.modalityId !== null) byModality.set(`${r.policyHolderId}:${r.modalityId}`, amount);
  }
  return { total, byModality };
};

/** Modality limits in the catalogue's order (branch, sort order, name), each with its modality's label. */
const inCatalogueOrder = async (ctx: UserContext, rows: limitsRepo.LimitRow[]) => {
  const labels = await modalityLabels(
    ctx,
    rows.map((l) => l.modalityId!),
  );
  const position = new Map(labels.map((m, i) => [m.id, i]));
  const labelOf = new Map(labels.map((m) => [m.id, m]));
  return rows
    .map((limit) => ({ limit, label: labelOf.get(limit.modalityId!) }))
    .sort(
      (a, b) =>
        (position.get(a.limit.modalityId!) ?? labels.length) -
        (position.get(b.limit.modalityId!) ?? labels.length),
    );
};

export const limitsOf = async (ctx: UserContext, holder: Row): Promise<PolicyHolderLimits> => {
  const groupIds = holder.economicGroupId
    ? await limitsRepo.groupMemberIds(ctx.db, ctx.company.id, holder.economicGroupId)
    : [holder.id];
  const ids = groupIds.includes(holder.id) ? groupIds : [...groupIds, holder.id];
  const limits = await limitsRepo.listLimits(ctx.db, ctx.company.id, ids);
  const used = await usedOf(ctx, ids);
  const own = limits.filter((l) => l.policyHolderId === holder.id);
  const global = own.find((l) => l.modalityId === null);
  const globalLimit = toDec(global?.limitAmount ?? '0');
  const globalUsed = used.total.get(holder.id) ?? new Dec(0);
  const globalAvailable = nonNegative(globalLimit.sub(globalUsed));

  let group: PolicyHolderLimits['EconomicGroup'] = null;
  let effective = globalAvailable;
  if (holder.economicGroupId) {
    const g = await limitsRepo.findGroup(ctx.db, ctx.company.id, holder.economicGroupId);
    if (g) {
      const memberLimits = limits.filter((l) => l.modalityId === null).map((l) => l.limitAmount);
      const gLimit = g.limitAmount ? toDec(g.limitAmount) : sumDec(memberLimits);
      const gUsed = groupIds.reduce((acc, id) => acc.add(used.total.get(id) ?? 0), new Dec(0));
      const gAvailable = nonNegative(gLimit.sub(gUsed));
      group = {
        Id: g.id,
        UniqueId: g.uniqueId,
        Name: g.name,
        Members: groupIds.length,
        Limit: m2(gLimit),
        Used: m2(gUsed),
        Available: m2(gAvailable),
      };
      effective = Dec.min(effective, gAvailable);
    }
  }

  const modalityRows = await inCatalogueOrder(
    ctx,
    own.filter((l) => l.modalityId !== null),
  );
  return {
    PolicyHolderUniqueId: holder.uniqueId,
    Rating: global?.rating ?? null,
    Score: global?.score ?? null,
    CalculatedAt: global?.calculatedAt.toISOString() ?? null,
    CalculatedByName: global?.calculatedByUserId
      ? ((await users.userNames(ctx, [global.calculatedByUserId])).get(global.calculatedByUserId) ?? null)
      : null,
    Global: { Limit: m2(globalLimit), Used: m2(globalUsed), Available: m2(globalAvailable) },
    EconomicGroup: group,
    EffectiveAvailable: m2(effective),
    Modalities: modalityRows.map(({ limit: l, label }) => {
      const limit = l.limitAmount ? toDec(l.limitAmount) : globalLimit;
      const u = used.byModality.get(`${holder.id}:${l.modalityId}`) ?? new Dec(0);
      return {
        ModalityId: l.modalityId!,
        ModalityName: label?.name ?? `Modalidade ${l.modalityId}`,
        BranchCode: label?.branchCode ?? null,
        Limit: m2(limit),
        Used: m2(u),
        Available: m2(Dec.min(nonNegative(limit.sub(u)), effective)),
        Rate: l.rate,
        HasOwnLimit: l.limitAmount !== null,
      };
    }),
    UsageSource: USAGE_SOURCE,
  };
};

/**
 * A proposal's credit picture: the holder's limits (with its economic group) and its rate for the
 * modality. No visibility check: the proposals module scopes the proposal that names the holder.
 */
export const creditForProposal = async (ctx: UserContext, policyHolderId: number, modalityId: number) => {
  const holder = await repo.findById(ctx.db, ctx.company.id, policyHolderId);
  if (!holder) return undefined;
  const limits = await limitsOf(ctx, holder);
  return { limits, rate: limits.Modalities.find((m) => m.ModalityId === modalityId)?.Rate ?? null };
};

/**
 * The home of brokers, agents and policy holder users: their policy holders with a global limit,
 * most used first (`shown` at most, out of the first 500 by name). Insurer staff get none (BI).
 */
export const limitsOverview = async (
  ctx: UserContext,
  shown = 8,
): Promise<HomeSummary['PolicyHolderLimits']> => {
  if (isInsurance(ctx.user.userType)) return [];
  const holders = await limitsRepo.withGlobalLimit(ctx.db, ctx.company.id, await policyHolderScope(ctx), 500);
  const used = await usedOf(
    ctx,
    holders.map((h) => h.id),
  );
  return holders
    .map((h) => {
      const limit = toDec(h.limitAmount ?? '0');
      const u = used.total.get(h.id) ?? new Dec(0);
      return {
        UniqueId: h.uniqueId,
        Name: h.name,
        Document: h.document,
        Limit: m2(limit),
        Used: m2(u),
        Available: m2(nonNegative(limit.sub(u))),
        UsedPercent: limit.isZero() ? 0 : Number(u.div(limit).mul(100).toFixed(1)),
      };
    })
    .sort((a, b) => b.UsedPercent - a.UsedPercent || a.Name.localeCompare(b.Name, 'pt-BR'))
    .slice(0, shown);
};
