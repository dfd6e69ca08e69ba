import { formatMoney } from '@aval/domain';
import type { UserContext } from '../../context.js';
import { notFound } from '../../lib/errors.js';
import { record } from './policy-holders.history.js';
import { limitsOf, usedOf } from './policy-holders.limits.js';
import * as limitsRepo from './policy-holders.limits.repository.js';
import * as repo from './policy-holders.repository.js';

/** A holder's economic group with its limit, use (exposure ledger) and members (GRUPO_ECONOMICO card). */
export const economicGroupPicture = async (ctx: UserContext, policyHolderId: number) => {
  const holder = await repo.findById(ctx.db, ctx.company.id, policyHolderId);
  if (!holder) throw notFound('Tomador não encontrado.');
  const limits = await limitsOf(ctx, holder);
  const group = holder.economicGroupId
    ? await limitsRepo.findGroup(ctx.db, ctx.company.id, holder.economicGroupId)
    : undefined;
  const memberIds = group ? await limitsRepo.groupMemberIds(ctx.db, ctx.company.id, group.id) : [];
  const members = await repo.findByIds(ctx.db, ctx.company.id, memberIds);
  const used = await usedOf(ctx, memberIds);
  return {
    holder,
    holderAvailable: limits.Global.Available,
    group:
      group && limits.EconomicGroup
        ? {
            Id: group.id,
            UniqueId: group.uniqueId,
            Name: group.name,
            Limit: limits.EconomicGroup.Limit,
            Used: limits.EconomicGroup.Used,
            Available: limits.EconomicGroup.Available,
            Members: members.map((m) => ({
              Id: m.id,
              UniqueId: m.uniqueId,
              Name: m.name,
              Document: m.document,
              Used: used.total.get(m.id)?.toFixed(2) ?? '0.00',
            })),
          }
        : null,
  };
};

/** Sets (or clears: the members' sum) the aggregate limit of the holder's economic group, with history. */
export const setEconomicGroupLimit = async (
  ctx: UserContext,
  policyHolderId: number,
  limit: string | null,
) => {
  const holder = await repo.findById(ctx.db, ctx.company.id, policyHolderId);
  if (!holder?.economicGroupId) throw notFound('O tomador não pertence a um grupo econômico.');
  const group = await limitsRepo.findGroup(ctx.db, ctx.company.id, holder.economicGroupId);
  await limitsRepo.setGroupLimit(ctx.db, ctx.company.id, holder.economicGroupId, limit);
  await record(ctx, holder.id, [
    {
      field: 'EconomicGroupLimit',
      old: group?.limitAmount ? formatMoney(group.limitAmount) : 'Soma dos limites dos membros',
      new: limit ? formatMoney(limit) : 'Soma dos limites dos membros',
    },
  ]);
};
