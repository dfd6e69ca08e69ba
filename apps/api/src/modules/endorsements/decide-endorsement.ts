import {
  ANALYSIS_STEP,
  type CardTypeValue,
  EndorsementStatus,
  EndorsementType,
  type EndorsementTypeId,
  endorsementCardType,
  endorsementMessages,
  endorsementReasonName,
  endorsementTypeNames,
  formatMoney,
  isInsurance,
  PolicyStatus,
  toDec,
  toMoneyString,
} from '@aval/domain';
import type { UserContext } from '../../context.js';
import { currentTime } from '../../lib/clock.js';
import { AppError, forbidden, notFound, unprocessable } from '../../lib/errors.js';
import { recordChanges } from '../change-history/index.js';
import * as kanban from '../kanban/index.js';
import { insurerToIssue } from '../parameterisation/index.js';
import * as policies from '../policies/index.js';
import * as policyHolders from '../policy-holders/index.js';
import { issueExtraPremiumSlips } from './endorsements.document.js';
import { endorsementDocumentsQueue } from './endorsements.queues.js';
import * as repo from './endorsements.repository.js';
import { compareTerms, shownTerm } from './endorsements.terms.js';
import { toView } from './endorsements.view.js';

/**
 * The insurer's decision on an endorsement (in the portal or on its card): approved, its effects on
 * the policy (terms or cancellation) and its documents; refused, closed with the reason.
 */

type Row = repo.EndorsementRow;
type Policy = policies.PolicyRow;

const insurerOnly = (ctx: UserContext) => {
  if (!isInsurance(ctx.user.userType)) throw forbidden('Somente a seguradora pode aprovar endossos.');
};

/** The endorsement awaiting the insurer's decision and its policy (404, or 422 once decided). */
const awaitingDecision = async (ctx: UserContext, uniqueId: string) => {
  const row = await repo.findByUniqueId(ctx.db, ctx.company.id, uniqueId);
  if (!row) throw notFound('Endosso não encontrado.');
  if (row.statusId !== EndorsementStatus.AGUARDANDO_APROVACAO)
    throw unprocessable(endorsementMessages.notAwaitingApproval);
  const policy = await policies.findPolicyById(ctx, row.policyId);
  if (!policy) throw notFound('Endosso não encontrado.');
  return { row, policy };
};

/** Approves or refuses (with a justification) an endorsement awaiting approval (insurer only). */
export const decide = async (
  ctx: UserContext,
  uniqueId: string,
  decision: { approve: boolean; justification?: string | null },
  opts: { fromCard?: boolean } = {},
) => {
  insurerOnly(ctx);
  const { row, policy } = await awaitingDecision(ctx, uniqueId);
  const note = decision.justification?.trim() || null;
  if (!decision.approve && !note) throw unprocessable('Informe a justificativa da recusa.');
  const decided = { decidedByUserId: ctx.user.userId, decidedAt: currentTime(), decisionNote: note };
  let updated: Row;
  if (!decision.approve) {
    updated = await repo.updateEndorsement(ctx.db, ctx.company.id, row.id, {
      ...decided,
      statusId: EndorsementStatus.RECUSADO,
    });
  } else {
    // The approval prints the endorsement (and the boleto of an extra premium): never with made-up
    // insurer data (refused before anything is written), and kept as it is now for its PDF.
    const issuedInsurer = await insurerToIssue(ctx, policy.branchCode);
    updated = await repo.updateEndorsement(ctx.db, ctx.company.id, row.id, {
      ...decided,
      statusId: EndorsementStatus.EMITIDO,
      issuedInsurer,
    });
    const endorsed = await applyToPolicy(ctx, updated, policy);
    // The boleto of an extra premium is booked with the approval; the PDFs (endorsement and
    // boleto) are rendered after commit by the documents job, sent in this transaction (or by the
    // first download): a slow or failed render neither holds the locks nor undoes the approval.
    await issueExtraPremiumSlips(ctx, updated, endorsed);
    await ctx.platform.jobs.send(
      endorsementDocumentsQueue,
      { companyId: ctx.company.id, endorsementId: row.id, userId: ctx.user.userId },
      { tx: ctx.db, idempotencyKey: `endorsement-documents:${ctx.company.id}:${row.id}` },
    );
  }
  if (!opts.fromCard)
    await kanban.closeCard(ctx, {
      cardType: endorsementCardType(row.typeId as EndorsementTypeId),
      cardRef: row.uniqueId,
    });
  return toView(ctx, updated, (await policies.findPolicyById(ctx, row.policyId)) ?? policy);
};

/** The approved endorsement's effects on the policy (terms or cancellation), with history. */
const applyToPolicy = async (ctx: UserContext, row: Row, policy: Policy) => {
  const cancellation = row.typeId === EndorsementType.CANCELAMENTO;
  const premiumDelta = toDec(row.newInsurancePremium).minus(toDec(policy.insurancePremium));
  const terms: policies.EndorsedTerms = cancellation
    ? {
        // The policy says when and why it ended, as an internal cancellation does.
        statusId: PolicyStatus.CANCELADA,
        cancelledAt: row.decidedAt ?? currentTime(),
        cancelledByUserId: row.decidedByUserId,
        cancelReason: `${endorsementTypeNames[EndorsementType.CANCELAMENTO]} nº ${row.number}: ${endorsementReasonName(row.reasonId)}`,
        cancelRestitution: row.restitution,
      }
    : {
        insuredAmount: row.after.InsuredAmountValue,
        endDate: row.after.EndDate,
        deadlineDays: row.after.DeadlineDays,
        objectText: row.after.Object,
        policyHolderName: row.after.PolicyHolderName,
        insuredName: row.after.InsuredName,
      };
  // The premium it charged or gave back, over the days it was priced for (domain.md §4, "Restitution").
  const movement =
    row.premiumKind === 'extra'
      ? { Amount: row.extraPremium, From: row.effectiveDate, To: row.after.EndDate }
      : row.premiumKind === 'restitution'
        ? {
            Amount: toMoneyString(toDec(row.unearnedPremium).negated()),
            From: row.effectiveDate,
            To: row.before.EndDate,
          }
        : null;
  const endorsed = await policies.applyEndorsedTerms(ctx, policy.id, {
    ...terms,
    ...(movement
      ? {
          premiumMovements: policies.withMovement(policy, {
            ...movement,
            Source: `Endosso nº ${row.number}`,
          }),
        }
      : {}),
    insurancePremium: row.newInsurancePremium,
    comissionValue: row.newComissionValue,
    totalPremium: toMoneyString(toDec(policy.totalPremium).plus(premiumDelta).plus(toDec(row.iofValue))),
  });
  // The SRO: the endorsement (or cancellation) and any premium it gives back, in this transaction.
  await policies.recordEndorsementSro(ctx, endorsed, {
    id: row.id,
    number: row.number,
    typeName: endorsementTypeNames[row.typeId as EndorsementTypeId],
    effectiveDate: row.effectiveDate,
    cancellation,
    restitution: cancellation
      ? (row.restitution ?? '0')
      : row.premiumKind === 'restitution'
        ? row.unearnedPremium
        : '0',
  });
  // The exposure ledger of the policy holder: the IS delta, or the release of a cancellation.
  if (cancellation)
    await policyHolders.releaseForCancellation(ctx, { policyId: policy.id, endorsementId: row.id });
  else {
    const delta = toDec(row.after.InsuredAmountValue).minus(toDec(row.before.InsuredAmountValue));
    if (!delta.isZero())
      await policyHolders.adjustForEndorsement(ctx, {
        policyId: policy.id,
        endorsementId: row.id,
        delta: delta.toFixed(2),
      });
  }
  const changes = compareTerms(row.before, row.after).map((c) => ({
    field: c.Label,
    old: shownTerm(c.Field, c.OldValue),
    new: shownTerm(c.Field, c.NewValue),
  }));
  await recordChanges(ctx, { type: 'Policy', id: policy.id }, [
    {
      field: 'Endosso',
      old: null,
      new: `${row.number} — ${endorsementTypeNames[row.typeId as EndorsementTypeId]} aprovado`,
    },
    ...changes,
    ...(cancellation ? [{ field: 'Situação', old: 'Emitida', new: 'Cancelada' }] : []),
    { field: 'Prêmio', old: formatMoney(policy.insurancePremium), new: formatMoney(row.newInsurancePremium) },
  ]);
  return endorsed;
};

/**
 * A decision taken on the board (kanban.jobs.ts). An approval the endorsement may not have now is
 * not applied, and nothing changes: whatever refuses it (a 422 of the approval: the insurer's record
 * lacks what the endorsement prints, an extra premium no boleto holds…), even after some of its
 * writes, is rolled back to before the approval (a savepoint), and the card goes back to Em análise
 * with the refusal as an observation. One no longer awaiting approval (decided meanwhile) is
 * refused as before: the job drops it and the card stays where it is.
 */
export const applyCardDecision = async (
  ctx: UserContext,
  decision: { cardType: string; cardRef: string; decision: 'approve' | 'refuse'; justification?: string },
) => {
  if (decision.decision === 'refuse') {
    await decide(
      ctx,
      decision.cardRef,
      { approve: false, justification: decision.justification ?? 'Recusado na esteira.' },
      { fromCard: true },
    );
    return;
  }
  const { row, policy } = await awaitingDecision(ctx, decision.cardRef);
  let refusal: AppError;
  try {
    await ctx.db.transaction((db) =>
      decide(
        { ...ctx, db },
        decision.cardRef,
        { approve: true, justification: decision.justification ?? null },
        { fromCard: true },
      ),
    );
    return;
  } catch (error) {
    if (!(error instanceof AppError) || error.status !== 422) throw error;
    refusal = error;
  }
  const card = { cardType: decision.cardType as CardTypeValue, cardRef: decision.cardRef };
  await kanban.moveOwnedCard(ctx, { ...card, stepName: ANALYSIS_STEP });
  await kanban.addCardObservation(
    ctx,
    card,
    `Aprovação não aplicada ao endosso nº ${row.number} da apólice ${policy.number}: ${refusal.message}`,
  );
};
