import type { CreateEndorsementBody } from '@aval/contracts';
import {
  acquisitionCostPercentageOf,
  EndorsementStatus,
  EndorsementType,
  endorsementMessages,
  endorsementRequiredDocuments,
  toMoneyString,
} from '@aval/domain';
import type { UserContext } from '../../context.js';
import { conflict, unprocessable } from '../../lib/errors.js';
import * as documents from '../documents/index.js';
import { endorsementStepsQueue } from './endorsements.queues.js';
import * as repo from './endorsements.repository.js';
import { termsOf } from './endorsements.terms.js';
import { toView } from './endorsements.view.js';
import { checkPayload } from './validate-endorsement.js';

/** Filing an endorsement: the request stored with its documents and its automatic steps made due. */

export const create = async (ctx: UserContext, body: CreateEndorsementBody) => {
  const { policy, after, effectiveDate, premium } = await checkPayload(ctx, body);
  if (body.RequestInsurancePremiumReview && !body.JustificationInsurancePremiumReview?.trim())
    throw unprocessable(endorsementMessages.justificationRequired);
  const required = endorsementRequiredDocuments(
    body.EndorsementTypeId,
    body.ReasonEndorsementRequestId,
    body.EndorsementChangeTypeIds,
  );
  const missing = required.filter(
    (r) => r.IsRequired && !body.Documents.some((d) => d.Name === r.Name && d.ArchiveUniqueIds.length > 0),
  );
  if (missing.length)
    throw unprocessable(endorsementMessages.requiredDocuments(missing.map((m) => m.Name).join(', ')));
  const row = await repo
    .insertEndorsement(ctx.db, {
      companyId: ctx.company.id,
      policyId: policy.id,
      number: await repo.nextNumber(ctx.db, ctx.company.id, policy.id),
      typeId: body.EndorsementTypeId,
      reasonId: body.ReasonEndorsementRequestId,
      changeTypeIds:
        body.EndorsementTypeId === EndorsementType.CANCELAMENTO ? [] : body.EndorsementChangeTypeIds,
      statusId: EndorsementStatus.EM_ANALISE,
      effectiveDate,
      before: termsOf(policy),
      after,
      premiumKind: premium.kind,
      tax: policy.tax ?? '0',
      extraPremium: premium.extraPremium.toFixed(2),
      iofValue: premium.iofValue.toFixed(2),
      commissionOnExtra: premium.commissionOnExtra.toFixed(2),
      unearnedPremium: premium.unearnedPremium.toFixed(2),
      acquisitionCostPercentage: acquisitionCostPercentageOf(policy),
      acquisitionCostsKept: premium.acquisitionCostsKept.toFixed(2),
      restitution: body.RestoreInsurancePremium ? premium.restitution.toFixed(2) : '0.00',
      currentInsurancePremium: toMoneyString(policy.insurancePremium),
      newInsurancePremium: premium.newInsurancePremium.toFixed(2),
      newComissionValue: premium.newComissionValue.toFixed(2),
      remainingDays: premium.remainingDays,
      newRemainingDays: premium.newRemainingDays,
      restoreInsurancePremium: body.RestoreInsurancePremium,
      requestPremiumReview: body.RequestInsurancePremiumReview,
      premiumReviewJustification: body.JustificationInsurancePremiumReview?.trim() || null,
      requestedByUserId: ctx.user.userId,
    })
    .catch((err: unknown) => {
      if (
        String((err as { cause?: { code?: string } })?.cause?.code ?? (err as { code?: string }).code) ===
        '23505'
      )
        throw conflict(endorsementMessages.pendingEndorsement);
      throw err;
    });
  // The documents: one slot per document (documents module), with the uploaded files.
  const owner = { type: 'endorsement' as const, id: row.id };
  const names = new Set([...required.map((r) => r.Name), ...body.Documents.map((d) => d.Name)]);
  await documents.ensureDefaultDocuments(
    ctx,
    owner,
    [...names].map((Name) => ({
      Name,
      RequestDocumentTypeId: 4,
      IsRequired: required.some((r) => r.Name === Name && r.IsRequired),
    })),
  );
  const slots = await documents.listDocuments(ctx, owner);
  for (const d of body.Documents) {
    const slot = slots.find((s) => s.Name === d.Name);
    if (slot && d.ArchiveUniqueIds.length)
      await documents.attachArchives(ctx, owner, slot.UniqueId, d.ArchiveUniqueIds);
  }
  await ctx.platform.jobs.send(
    endorsementStepsQueue,
    { companyId: ctx.company.id, endorsementId: row.id, userId: ctx.user.userId },
    { tx: ctx.db, idempotencyKey: `endorsement-steps:${ctx.company.id}:${row.id}` },
  );
  return toView(ctx, row, policy);
};
