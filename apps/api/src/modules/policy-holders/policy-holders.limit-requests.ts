import type { KanbanDecision } from '@aval/contracts';
import { CardType, formatMoney, isInsurance, maskCpfCnpj, RequestDocumentType } from '@aval/domain';
import type { UserContext } from '../../context.js';
import { AppError, notFound, unprocessable } from '../../lib/errors.js';
import * as documents from '../documents/index.js';
import * as kanban from '../kanban/index.js';
import * as users from '../users/index.js';
import { applyLimitsAndRates, observationsOf, previewLimitsAndRates } from './policy-holders.credit.js';
import { record } from './policy-holders.history.js';
import * as requestsRepo from './policy-holders.limit-requests.repository.js';
import { limitsOf } from './policy-holders.limits.js';
import * as limitsRepo from './policy-holders.limits.repository.js';
import * as repo from './policy-holders.repository.js';
import { statementsOf } from './policy-holders.view.js';

/** Limit review request status (policy_holder_limit_requests.status_id). */
export const LimitRequestStatus = { PENDENTE: 1, APROVADA: 2, RECUSADA: 3 } as const;
const statusNames: Record<number, string> = { 1: 'Pendente', 2: 'Aprovada', 3: 'Recusada' };

const owner = (policyHolderId: number) => ({ type: 'policy_holder' as const, id: policyHolderId });
const isLimitDoc = (d: { RequestDocumentTypeId: number }) =>
  d.RequestDocumentTypeId === RequestDocumentType.REQUEST_LIMIT;

const cardOf = (
  holder: repo.PolicyHolderRow,
  request: requestsRepo.LimitRequestRow,
  documentNames: string[],
) => ({
  cardType: CardType.REQUEST_LIMIT,
  cardRef: request.uniqueId,
  cpfCnpj: holder.document,
  cardData: {
    header: holder.name,
    body: `Revisão de limite solicitada · CNPJ do tomador ${maskCpfCnpj(holder.document)}`,
    footer: documentNames.length ? `Documentos enviados: ${documentNames.join(', ')}` : null,
  },
});

/**
 * The broker (or the policy holder) sent request-limit documents to analysis: that is the limit
 * review request. It opens one pending request per holder and its REQUEST_LIMIT card in the
 * credit pipe (in the same transaction); a request already pending only refreshes its card.
 * Insurer staff sending documents on the holder's behalf open nothing.
 */
export const requestLimitReview = async (
  ctx: UserContext,
  holder: repo.PolicyHolderRow,
  sent: { Name: string; RequestDocumentTypeId: number }[],
) => {
  const limitDocs = sent.filter(isLimitDoc);
  if (limitDocs.length === 0 || isInsurance(ctx.user.userType)) return undefined;
  const pending = await requestsRepo.findLimitRequest(ctx.db, ctx.company.id, { pendingOf: holder.id });
  const request =
    pending ??
    (await requestsRepo.insertLimitRequest(ctx.db, {
      companyId: ctx.company.id,
      policyHolderId: holder.id,
      requestedByUserId: ctx.user.userId,
    }));
  const card = cardOf(
    holder,
    request,
    limitDocs.map((d) => d.Name),
  );
  if (pending) {
    await kanban.updateCard(ctx, card);
  } else {
    await record(ctx, holder.id, [{ field: 'LimitReview', old: null, new: 'Revisão de limite solicitada' }]);
    await kanban.openCard(ctx, card);
  }
  return request;
};

/**
 * The decision taken on a REQUEST_LIMIT card (its ref is the request's UniqueId). Approved: the
 * limit, rating and rates are recalculated from the holder's latest statement and stored (history
 * Rating/Limit), and an observation tells the broker the new limit. Refused: the justification is
 * kept on the request, in the history and as an observation. The card is closed either way.
 */
export const applyLimitRequestCardDecision = async (ctx: UserContext, decision: KanbanDecision) => {
  const request = await requestsRepo.findLimitRequest(ctx.db, ctx.company.id, { uniqueId: decision.cardRef });
  if (!request) throw notFound('Solicitação de revisão de limite não encontrada.');
  if (request.statusId !== LimitRequestStatus.PENDENTE) {
    throw unprocessable('Esta solicitação de revisão de limite já foi analisada.');
  }
  const holder = await repo.findById(ctx.db, ctx.company.id, request.policyHolderId);
  if (!holder) throw notFound('Tomador não encontrado.');
  const note = decision.justification?.trim() || null;
  const approve = decision.decision === 'approve';
  let text: string;
  if (approve) {
    const limits = await applyLimitsAndRates(ctx, holder);
    await requestsRepo.decideLimitRequest(ctx.db, ctx.company.id, request.id, {
      statusId: LimitRequestStatus.APROVADA,
      justification: note,
      appliedLimit: limits.Global.Limit,
      appliedRating: limits.Rating,
      userId: ctx.user.userId,
    });
    text = `Revisão de limite aprovada: limite ${formatMoney(limits.Global.Limit)}, rating ${limits.Rating ?? '-'}.${note ? ` ${note}` : ''}`;
  } else {
    await requestsRepo.decideLimitRequest(ctx.db, ctx.company.id, request.id, {
      statusId: LimitRequestStatus.RECUSADA,
      justification: note,
      appliedLimit: null,
      appliedRating: null,
      userId: ctx.user.userId,
    });
    text = `Revisão de limite recusada${note ? `: ${note}` : '.'}`;
  }
  await closeReview(ctx, holder, request, text);
};

/**
 * The end of a review: the broker reads the outcome as an observation on the holder's limit, the
 * history keeps it and the card is closed (moved first to `move.stepName`, by the caller with the
 * justification, when decided on the card's own screen rather than by a move).
 */
export const closeReview = async (
  ctx: UserContext,
  holder: repo.PolicyHolderRow,
  request: requestsRepo.LimitRequestRow,
  text: string,
  move?: { stepName: string; justification?: string },
) => {
  await limitsRepo.insertObservation(ctx.db, {
    companyId: ctx.company.id,
    policyHolderId: holder.id,
    text,
    createdByUserId: ctx.user.userId,
  });
  await record(ctx, holder.id, [{ field: 'LimitReview', old: 'Pendente', new: text.slice(0, 200) }]);
  await kanban.closeCard(ctx, {
    cardType: CardType.REQUEST_LIMIT,
    cardRef: request.uniqueId,
    ...(move && { ...move, actorUserId: ctx.user.userId }),
  });
};

const uuidLike = /^[0-9a-fA-F-]{36}$/;

/**
 * GetCardRequestLimitInfo: the card ref is the request's UniqueId; the spec's PolicyHolderUniqueId
 * is accepted too (its latest request). The holder, its statements, request-limit documents and
 * observations, the current limits and what the formula would give now.
 */
export const limitRequestCardInfo = async (ctx: UserContext, ref: string) => {
  if (!uuidLike.test(ref)) throw notFound('Solicitação de revisão de limite não encontrada.');
  let request = await requestsRepo.findLimitRequest(ctx.db, ctx.company.id, { uniqueId: ref });
  let holder = request && (await repo.findById(ctx.db, ctx.company.id, request.policyHolderId));
  if (!request) {
    holder = await repo.findByUniqueId(ctx.db, ctx.company.id, ref);
    request =
      holder && (await requestsRepo.findLimitRequest(ctx.db, ctx.company.id, { latestOf: holder.id }));
  }
  if (!holder || !request) throw notFound('Solicitação de revisão de limite não encontrada.');
  let calculated: Awaited<ReturnType<typeof previewLimitsAndRates>> | null = null;
  let calculationMessage: string | null = null;
  try {
    calculated = await previewLimitsAndRates(ctx, holder);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    calculationMessage = err.message;
  }
  const userIds = [request.requestedByUserId, request.decidedByUserId].filter((v): v is number => !!v);
  const names = await users.userNames(ctx, userIds);
  const docs = await documents.listDocuments(ctx, owner(holder.id));
  return {
    UniqueId: request.uniqueId,
    StatusId: request.statusId,
    StatusName: statusNames[request.statusId] ?? `Situação ${request.statusId}`,
    RequestedAt: request.createdAt.toISOString(),
    RequestedByName: (request.requestedByUserId && names.get(request.requestedByUserId)) || null,
    DecidedAt: request.decidedAt?.toISOString() ?? null,
    DecidedByName: (request.decidedByUserId && names.get(request.decidedByUserId)) || null,
    Justification: request.justification,
    AppliedLimit: request.appliedLimit,
    AppliedRating: request.appliedRating,
    PolicyHolder: {
      Id: holder.id,
      UniqueId: holder.uniqueId,
      Name: holder.name,
      TradeName: holder.tradeName,
      Document: maskCpfCnpj(holder.document),
    },
    FinancialStatements: await statementsOf(ctx, holder.id),
    RequestDocuments: docs.filter(isLimitDoc),
    Observations: await observationsOf(ctx, holder.id),
    CurrentLimits: await limitsOf(ctx, holder),
    Calculated: calculated && {
      Rating: calculated.rating,
      Score: calculated.score,
      Limit: calculated.limit,
      Rates: calculated.rates.map((r) => ({ ModalityId: r.modalityId, Rate: r.rate })),
    },
    CalculationMessage: calculationMessage,
  };
};

/**
 * KanbanRequestLimitChangeStatusRequestDocument: the analyst approves (Conforme) or rejects
 * (Reprovado, with the reason) one of the holder's request-limit documents from the card.
 */
export const reviewLimitDocument = async (
  ctx: UserContext,
  body: { RequestDocumentUniqueId: string; Approve: boolean; Justification?: string | null },
) => {
  const doc = await documents.findDocumentOfOwnerType(ctx, 'policy_holder', {
    uniqueId: body.RequestDocumentUniqueId,
  });
  if (!doc || doc.typeId !== RequestDocumentType.REQUEST_LIMIT) {
    throw notFound('Documento da solicitação de limite não encontrado.');
  }
  const view = await documents.reviewDocument(ctx, owner(doc.ownerId), doc.uniqueId, {
    approve: body.Approve,
    note: body.Justification ?? undefined,
  });
  await record(ctx, doc.ownerId, [
    {
      field: 'Documents',
      old: doc.name,
      new: body.Approve ? 'Documento aprovado' : `Documento reprovado: ${body.Justification?.trim() ?? ''}`,
    },
  ]);
  return view;
};

/** Who hears about an observation on a REQUEST_LIMIT card: the user who asked for the review. */
export const limitRequestCounterpart = async (ctx: UserContext, ref: string) => {
  const request = await requestsRepo.findLimitRequest(ctx.db, ctx.company.id, { uniqueId: ref });
  if (!request) return undefined;
  const user = request.requestedByUserId
    ? await users.findUserById(ctx, request.requestedByUserId)
    : undefined;
  return { email: user?.person.email ?? user?.user.username ?? null };
};
