import { calculateCreditLimit, formatMoney } from '@aval/domain';
import type { UserContext } from '../../context.js';
import { currentTime } from '../../lib/clock.js';
import { unprocessable } from '../../lib/errors.js';
import { activeModalities } from '../parameterisation/index.js';
import * as users from '../users/index.js';
import { getVisible } from './policy-holders.access.js';
import { record } from './policy-holders.history.js';
import { limitsOf } from './policy-holders.limits.js';
import * as limitsRepo from './policy-holders.limits.repository.js';
import type * as repo from './policy-holders.repository.js';

const moneyText = (v: string | null | undefined) => (v === null || v === undefined ? null : formatMoney(v));

const ratingText = (rating: string, score: string | null) =>
  score ? `${rating} (pontuação ${score.replace('.', ',')})` : rating;

/**
 * The rating, limit and rates the formula gives from the holder's latest financial statement
 * (nothing is stored); a business error says what is missing.
 */
export const previewLimitsAndRates = async (ctx: UserContext, holder: repo.PolicyHolderRow) => {
  const [latest] = await limitsRepo.listStatements(ctx.db, ctx.company.id, holder.id);
  if (!latest) {
    throw unprocessable(
      'Informe ao menos um demonstrativo financeiro (receita, patrimônio líquido, lucro e endividamento) antes de calcular.',
    );
  }
  const { params, bands } = await limitsRepo.findCreditParameters(ctx.db, ctx.company.id);
  if (!params || bands.length === 0) {
    throw unprocessable('Os parâmetros do cálculo de limite não estão configurados para esta seguradora.');
  }
  const modalityList = await activeModalities(ctx, { suretyRated: true });
  return calculateCreditLimit(latest, params, bands, modalityList);
};

export const calculateLimitsAndRates = async (ctx: UserContext, uniqueId: string) =>
  applyLimitsAndRates(ctx, await getVisible(ctx, uniqueId));

/** Calculates and stores the holder's rating, limit and rates, with the change in its history. */
export const applyLimitsAndRates = async (ctx: UserContext, holder: repo.PolicyHolderRow) => {
  const result = await previewLimitsAndRates(ctx, holder);

  const before = await limitsRepo.listLimits(ctx.db, ctx.company.id, [holder.id]);
  const oldGlobal = before.find((l) => l.modalityId === null);
  const ownLimits = new Map(
    before.filter((l) => l.modalityId !== null).map((l) => [l.modalityId!, l.limitAmount]),
  );
  await limitsRepo.deleteLimits(ctx.db, ctx.company.id, holder.id);
  const base = {
    companyId: ctx.company.id,
    policyHolderId: holder.id,
    rating: result.rating,
    calculatedByUserId: ctx.user.userId,
    calculatedAt: currentTime(),
  };
  await limitsRepo.insertLimits(ctx.db, [
    { ...base, modalityId: null, limitAmount: result.limit, score: result.score },
    ...result.rates.map((r) => ({
      ...base,
      modalityId: r.modalityId,
      rate: r.rate,
      limitAmount: ownLimits.get(r.modalityId) ?? null,
    })),
  ]);
  await record(ctx, holder.id, [
    {
      field: 'Rating',
      old: oldGlobal?.rating ? ratingText(oldGlobal.rating, oldGlobal.score) : null,
      new: ratingText(result.rating, result.score),
    },
    { field: 'Limit', old: moneyText(oldGlobal?.limitAmount), new: moneyText(result.limit) },
  ]);
  return limitsOf(ctx, holder);
};

export const createLimitObservation = async (ctx: UserContext, uniqueId: string, text: string) => {
  const holder = await getVisible(ctx, uniqueId);
  const row = await limitsRepo.insertObservation(ctx.db, {
    companyId: ctx.company.id,
    policyHolderId: holder.id,
    text,
    createdByUserId: ctx.user.userId,
  });
  await record(ctx, holder.id, [{ field: 'LimitObservation', old: null, new: text.slice(0, 200) }]);
  return {
    Id: row.id,
    UniqueId: row.uniqueId,
    Observation: row.text,
    CreatedByName:
      (await users.userNames(ctx, [ctx.user.userId])).get(ctx.user.userId) ?? `Usuário ${ctx.user.userId}`,
    CreatedAt: row.createdAt.toISOString(),
  };
};

export const observationsOf = async (ctx: UserContext, policyHolderId: number) => {
  const rows = await limitsRepo.listObservations(ctx.db, ctx.company.id, policyHolderId);
  const names = await users.userNames(
    ctx,
    rows.map(({ obs }) => obs.createdByUserId),
  );
  return rows.map(({ obs }) => ({
    Id: obs.id,
    UniqueId: obs.uniqueId,
    Observation: obs.text,
    CreatedByName:
      (obs.createdByUserId && names.get(obs.createdByUserId)) || `Usuário ${obs.createdByUserId}`,
    CreatedAt: obs.createdAt.toISOString(),
  }));
};
