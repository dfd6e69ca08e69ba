import {
  Dec,
  formatMoney,
  formatPercent,
  isInsurance,
  Permission,
  roundRate,
  toDec,
  typedLimitAboveBound,
} from '@aval/domain';
import type { UserContext } from '../../context.js';
import { currentTime } from '../../lib/clock.js';
import { AppError, forbidden, notFound, unprocessable } from '../../lib/errors.js';
import { hasAny } from '../../lib/permissions.js';
import { activeModalities, typedLimitMultiples } from '../parameterisation/index.js';
import { previewLimitsAndRates } from './policy-holders.credit.js';
import { record } from './policy-holders.history.js';
import { closeReview, LimitRequestStatus, limitRequestCardInfo } from './policy-holders.limit-requests.js';
import * as requestsRepo from './policy-holders.limit-requests.repository.js';
import * as limitsRepo from './policy-holders.limits.repository.js';
import * as repo from './policy-holders.repository.js';

/**
 * The analyst's approval of a limit review with values typed by hand (KanbanRequestLimitApproveWithValues),
 * apart from the review's life cycle (policy-holders.limit-requests.ts).
 */

/**
 * The rates the credit formula can give a modality over the company's rating bands (its default
 * rate, else each band's base rate, times the band's multiplier); null without bands.
 */
const rateRangeOf = async (ctx: UserContext, modality: { defaultRate: string | null }) => {
  const { bands } = await limitsRepo.findCreditParameters(ctx.db, ctx.company.id);
  if (bands.length === 0) return null;
  const rates = bands.map((b) =>
    roundRate(toDec(modality.defaultRate ?? b.baseRate).mul(toDec(b.rateMultiplier))),
  );
  return { min: Dec.min(...rates), max: Dec.max(...rates) };
};

type ValuesBody = {
  RequestUniqueId: string;
  Limit: string;
  ModalityId: number;
  Rate: string;
  Justification?: string | null;
  ConfirmAboveBound?: boolean;
};

const OVERRIDE_MIN_LENGTH = 10;

/**
 * The insurer's bound on a typed limit (the one rule: typedLimitAboveBound of @aval/domain, with the
 * company's multiples, the formula's limit now and the latest statement's equity). Within it:
 * undefined. Above it: refused (422, naming the bound) unless the caller holds permission 48 and
 * confirms with a justification; then the reason it was above, to record with the approval.
 */
const checkTypedLimit = async (
  ctx: UserContext,
  holder: repo.PolicyHolderRow,
  limit: Dec,
  body: Pick<ValuesBody, 'Justification' | 'ConfirmAboveBound'>,
) => {
  const [latest] = await limitsRepo.listStatements(ctx.db, ctx.company.id, holder.id);
  let calculatedLimit: string | null = null;
  try {
    calculatedLimit = (await previewLimitsAndRates(ctx, holder)).limit;
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
  }
  const above = typedLimitAboveBound(
    limit,
    { calculatedLimit, equity: latest?.equity ?? null },
    await typedLimitMultiples(ctx),
  );
  if (!above) return undefined;
  if (!hasAny(ctx, Permission.APROVAR_LIMITE_ACIMA_DO_TETO)) {
    throw unprocessable(
      `${above} Só um usuário com a permissão "Aprovar limite acima do teto" pode aprová-lo, com justificativa.`,
    );
  }
  if (!body.ConfirmAboveBound || (body.Justification?.trim().length ?? 0) < OVERRIDE_MIN_LENGTH) {
    throw unprocessable(
      `${above} Para aprovar acima do teto, confirme e informe a justificativa (ao menos ${OVERRIDE_MIN_LENGTH} caracteres).`,
    );
  }
  return above;
};

/** The pending request, its holder and the reviewed values, checked (403, 404 or 422 otherwise). */
const reviewedValues = async (ctx: UserContext, body: ValuesBody) => {
  if (!isInsurance(ctx.user.userType) || !ctx.user.permissions.has(Permission.GERENCIAR_ESTEIRA_CREDITO)) {
    throw forbidden();
  }
  const request = await requestsRepo.findLimitRequest(ctx.db, ctx.company.id, {
    uniqueId: body.RequestUniqueId,
  });
  if (!request) throw notFound('Solicitação de revisão de limite não encontrada.');
  if (request.statusId !== LimitRequestStatus.PENDENTE) {
    throw unprocessable('Esta solicitação de revisão de limite já foi analisada.');
  }
  const holder = await repo.findById(ctx.db, ctx.company.id, request.policyHolderId);
  if (!holder) throw notFound('Tomador não encontrado.');
  const limit = toDec(body.Limit);
  const rate = toDec(body.Rate);
  if (limit.lessThanOrEqualTo(0)) throw unprocessable('Informe um limite maior que zero.');
  if (rate.lessThanOrEqualTo(0)) throw unprocessable('Informe uma taxa maior que zero.');
  const modality = (await activeModalities(ctx, { suretyRated: true })).find((m) => m.id === body.ModalityId);
  if (!modality) throw unprocessable('Modalidade não encontrada ou sem taxa de crédito.');
  const range = await rateRangeOf(ctx, modality);
  if (range && (rate.lessThan(range.min) || rate.greaterThan(range.max))) {
    throw unprocessable(
      `A taxa da modalidade ${modality.name} deve estar entre ${formatPercent(range.min, 4)} e ${formatPercent(range.max, 4)}.`,
    );
  }
  const aboveBound = await checkTypedLimit(ctx, holder, limit, body);
  return { request, holder, limit, rate, modality, aboveBound };
};

type Reviewed = Awaited<ReturnType<typeof reviewedValues>>;

/** Writes the reviewed global limit and modality rate (other limits kept), with history; the old global limit. */
const applyReviewedValues = async (
  ctx: UserContext,
  { holder, limit, rate, modality }: Pick<Reviewed, 'holder' | 'limit' | 'rate' | 'modality'>,
) => {
  const before = await limitsRepo.listLimits(ctx.db, ctx.company.id, [holder.id]);
  const oldGlobal = before.find((l) => l.modalityId === null);
  const oldRate = before.find((l) => l.modalityId === modality.id)?.rate ?? null;
  const base = {
    companyId: ctx.company.id,
    policyHolderId: holder.id,
    calculatedByUserId: ctx.user.userId,
    calculatedAt: currentTime(),
  };
  const others = before.filter((l) => l.modalityId !== null && l.modalityId !== modality.id);
  await limitsRepo.deleteLimits(ctx.db, ctx.company.id, holder.id);
  await limitsRepo.insertLimits(ctx.db, [
    {
      ...base,
      modalityId: null,
      limitAmount: limit.toFixed(2),
      rating: oldGlobal?.rating ?? null,
      score: oldGlobal?.score ?? null,
    },
    ...others.map(({ id: _id, ...l }) => l),
    {
      ...base,
      modalityId: modality.id,
      rate: rate.toFixed(6),
      rating: oldGlobal?.rating ?? null,
      limitAmount: before.find((l) => l.modalityId === modality.id)?.limitAmount ?? null,
    },
  ]);
  await record(ctx, holder.id, [
    {
      field: 'Limit',
      old: oldGlobal?.limitAmount ? formatMoney(oldGlobal.limitAmount) : null,
      new: `${formatMoney(limit)} (informado na revisão de limite)`,
    },
    {
      field: 'Rate',
      old: oldRate ? `${modality.name}: ${formatPercent(oldRate, 4)}` : null,
      new: `${modality.name}: ${formatPercent(rate, 4)} (informada na revisão de limite)`.slice(0, 200),
    },
  ]);
  return oldGlobal;
};

/**
 * KanbanRequestLimitApproveWithValues: the analyst approves the review with a limit and a rate
 * typed by hand instead of the calculated ones. The limit must be above zero; the rate above zero
 * and within the rates the formula gives the modality over the rating bands (when configured).
 * The limit must also fit the insurer's bound (checkTypedLimit): above it only a user with
 * permission 48 approves, confirming with a justification, kept in the holder's history
 * (LimitAboveBound) and on the card's move to 'Aprovado' (its history); the broker's observation
 * keeps only the justification, as for any typed values.
 * The holder's global limit and the modality's rate change (history Limit/Rate, the rating and the
 * other modalities' rates are kept), the request is approved and its card closed in 'Aprovado'.
 * Needs the credit pipe's management permission (35).
 */
export const approveLimitRequestWithValues = async (ctx: UserContext, body: ValuesBody) => {
  const { request, holder, limit, rate, modality, aboveBound } = await reviewedValues(ctx, body);
  const oldGlobal = await applyReviewedValues(ctx, { holder, limit, rate, modality });
  const note = body.Justification?.trim() || null;
  const override = aboveBound && `Aprovado acima do teto. ${aboveBound} Justificativa: ${note}`;
  if (override) await record(ctx, holder.id, [{ field: 'LimitAboveBound', old: null, new: override }]);
  await requestsRepo.decideLimitRequest(ctx.db, ctx.company.id, request.id, {
    statusId: LimitRequestStatus.APROVADA,
    justification: note,
    appliedLimit: limit.toFixed(2),
    appliedRating: oldGlobal?.rating ?? null,
    userId: ctx.user.userId,
  });
  await closeReview(
    ctx,
    holder,
    request,
    `Revisão de limite aprovada: limite ${formatMoney(limit)}, taxa ${formatPercent(rate, 4)} (${modality.name}).${note ? ` ${note}` : ''}`,
    { stepName: 'Aprovado', justification: (override ?? note)?.slice(0, 2000) },
  );
  return limitRequestCardInfo(ctx, request.uniqueId);
};
