import type { EndorsementPayload } from '@aval/contracts';
import {
  daysBetween,
  EndorsementType,
  endorsementCardType,
  endorsementChangeTypeNames,
  endorsementMessages,
  endorsementReasons,
  endorsementRequiredDocuments,
  endorsementTypeNames,
  formatDate,
  formatMoney,
  PolicyStatus,
  reasonsOfType,
  toDec,
  toEpochDay,
} from '@aval/domain';
import type { UserContext } from '../../context.js';
import { currentDay } from '../../lib/clock.js';
import { unprocessable } from '../../lib/errors.js';
import * as modalities from '../parameterisation/index.js';
import type * as policies from '../policies/index.js';
import { getVisiblePolicy } from './endorsements.access.js';
import * as repo from './endorsements.repository.js';
import { compareTerms, premiumOf, premiumView, requestedTerms, termsOf } from './endorsements.terms.js';

/**
 * What may be asked: the endorsement types, reasons and required documents, whether a policy can
 * take one now, and the validation of a request (its new terms and premium) before it is filed.
 */

type Policy = policies.PolicyRow;

/** The endorsement types (change, cancellation) with their card type and change types. */
export const getTypes = () =>
  [EndorsementType.ALTERACAO, EndorsementType.CANCELAMENTO].map((id) => ({
    Id: id,
    Name: endorsementTypeNames[id],
    CardType: endorsementCardType(id),
    ChangeTypes:
      id === EndorsementType.ALTERACAO
        ? Object.entries(endorsementChangeTypeNames).map(([k, Name]) => ({ Id: Number(k), Name }))
        : [],
  }));

/** The reasons of an endorsement type. */
export const getReasons = (typeId: number) =>
  reasonsOfType(typeId).map((r) => ({ Id: r.id, Name: r.name, PolicyEndorsementTypeId: r.typeId }));

/** The documents an endorsement of this type, reason and changes requires. */
export const requiredDocuments = (q: {
  endorsementTypeId: number;
  endorsementReasonId?: number;
  endorsementChangeTypeIds?: string;
}) =>
  endorsementRequiredDocuments(
    q.endorsementTypeId,
    q.endorsementReasonId,
    (q.endorsementChangeTypeIds ?? '').split(',').filter(Boolean).map(Number),
  );

// ---------------------------------------------------------------- validation

/** Why the policy cannot take an endorsement now, or null. */
const blockingReason = async (ctx: UserContext, policy: Policy): Promise<string | null> => {
  if (policy.statusId !== PolicyStatus.EMITIDA) return endorsementMessages.policyNotActive;
  if (toEpochDay(policy.endDate) < toEpochDay(currentDay())) return endorsementMessages.policyNotActive;
  if (await repo.openOfPolicy(ctx.db, ctx.company.id, policy.id))
    return endorsementMessages.pendingEndorsement;
  return null;
};

/** Whether the caller may request an endorsement of the policy now, and why not. */
export const canRequest = async (ctx: UserContext, policyUniqueId: string, _typeId: number) => {
  const policy = await getVisiblePolicy(ctx, policyUniqueId);
  const message = await blockingReason(ctx, policy);
  return { CanRequest: message === null, Message: message };
};

/** Checks a request (policy, reason, changes, date) and gives its new terms and premium. */
export const checkPayload = async (ctx: UserContext, p: EndorsementPayload) => {
  const policy = await getVisiblePolicy(ctx, p.PolicyUniqueId);
  const blocked = await blockingReason(ctx, policy);
  if (blocked) throw unprocessable(blocked);
  const reason = endorsementReasons.find((r) => r.id === p.ReasonEndorsementRequestId);
  if (!reason || reason.typeId !== p.EndorsementTypeId)
    throw unprocessable(endorsementMessages.reasonOfOtherType);
  const after = requestedTerms(policy, p);
  const modality = await modalities.getModalityOr404(ctx, policy.modalityId);
  const effectiveDate = effectiveDateOf(policy, modality, p.EffectiveDate);
  // The bounds of a proposal of the modality hold for the endorsed policy too.
  if (after.DeadlineDays > modality.maxPeriodDays)
    throw unprocessable(endorsementMessages.termTooLong(modality.maxPeriodDays));
  if (modality.maxInsuredAmount && toDec(after.InsuredAmountValue).greaterThan(modality.maxInsuredAmount))
    throw unprocessable(endorsementMessages.insuredAmountTooHigh(formatMoney(modality.maxInsuredAmount)));
  const premium = premiumOf(policy, p.EndorsementTypeId, after, effectiveDate);
  return { policy, after, effectiveDate, premium };
};

/**
 * The date the endorsement takes effect (domain.md §4): unless given, today, or the policy's start
 * when its vigência has not begun; within the vigência, no further back than the modality's
 * RetroactiveDays nor ahead than its FutureDays.
 */
const effectiveDateOf = (
  policy: Policy,
  modality: { retroactiveDays: number; futureDays: number },
  asked: string | undefined,
) => {
  const today = currentDay();
  const date = asked ?? (today < policy.startDate ? policy.startDate : today);
  if (date < policy.startDate || date > policy.endDate)
    throw unprocessable(
      endorsementMessages.effectiveOutsideTerm(formatDate(policy.startDate), formatDate(policy.endDate)),
    );
  if (daysBetween(date, today) > modality.retroactiveDays)
    throw unprocessable(endorsementMessages.effectiveTooOld(modality.retroactiveDays));
  if (daysBetween(today, date) > modality.futureDays)
    throw unprocessable(endorsementMessages.effectiveTooFar(modality.futureDays));
  return date;
};

/** ValidateEndorsement: the premium difference, the changes and the required documents. */
export const validate = async (ctx: UserContext, p: EndorsementPayload) => {
  const { policy, after, effectiveDate, premium } = await checkPayload(ctx, p);
  return {
    PremiumDifference: premiumView(policy, premium, effectiveDate),
    Changes: compareTerms(termsOf(policy), after),
    RequiredDocuments: endorsementRequiredDocuments(
      p.EndorsementTypeId,
      p.ReasonEndorsementRequestId,
      p.EndorsementChangeTypeIds,
    ),
  };
};

/** Restitution of a cancellation at a date (RestoreInsurancePremium). */
export const validateRestore = async (
  ctx: UserContext,
  body: { PolicyUniqueId: string; EffectiveDate?: string },
) => {
  const policy = await getVisiblePolicy(ctx, body.PolicyUniqueId);
  const effectiveDate = body.EffectiveDate ?? currentDay();
  const d = premiumOf(policy, EndorsementType.CANCELAMENTO, termsOf(policy), effectiveDate);
  const message =
    policy.statusId !== PolicyStatus.EMITIDA
      ? endorsementMessages.policyNotActive
      : d.kind === 'none'
        ? 'Não há prêmio a restituir nesta data.'
        : null;
  return {
    CanRestore: message === null,
    Message: message,
    PremiumDifference: premiumView(policy, d, effectiveDate),
  };
};
