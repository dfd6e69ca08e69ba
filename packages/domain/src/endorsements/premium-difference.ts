import { cancellationRestitution, type PremiumMovement } from '../policies/restitution.js';
import { type DateInput, daysBetween, toEpochDay } from '../shared/dates.js';
import { Dec, type DecimalInput, roundMoney, toDec } from '../shared/decimal.js';

/**
 * Premium difference of an endorsement (architecture.md §5, issue 16), pro rata by days/365 at the
 * policy's commercial rate (Tax), rounded half-up to cents at the end of each formula.
 *
 * - The remaining period starts at the effective date (the request date, or the policy's start when
 *   the policy has not started yet) and runs to the end date.
 * - A change: delta = IS' × Tax × (End' − eff)/365 − IS × Tax × (End − eff)/365. Positive: an extra
 *   premium, on which the broker earns the commission percentage. Negative: a restitution.
 * - A cancellation: cancellationRestitution of policies/restitution.ts, the rule an internal
 *   cancellation follows too (each premium movement × its days not run / its days, less the
 *   acquisition costs kept, plus the IOF of that part).
 * - Restitution (domain.md §4): the unearned premium net of the policy's acquisition cost (its
 *   commission percentage of the unearned part), which the insurer keeps; the brokers keep their
 *   commission.
 */
export type PolicyTerms = {
  startDate: DateInput;
  endDate: DateInput;
  insuredAmount: DecimalInput;
  /** The premium paid (InsurancePremium, without IOF). */
  insurancePremium: DecimalInput;
  /** Commercial rate, percent a year. */
  tax: DecimalInput;
  comissionPercentage: DecimalInput;
  /** Commission paid on the premium (ComissionValue; premium × percentage when not given). */
  comissionValue?: DecimalInput | null;
  /** IOF charged on the premium (returned in proportion on a cancellation). */
  iofValue?: DecimalInput | null;
  /** The premium's movements, each over its own period (none: the premium over the vigência). */
  movements?: readonly PremiumMovement[] | null;
};

export type EndorsementChange = {
  /** The request date. */
  effectiveDate: DateInput;
  /** New IS (undefined keeps it). */
  insuredAmount?: DecimalInput;
  /** New end date (undefined keeps it). */
  endDate?: DateInput;
  /** The policy's acquisition cost kept on a restitution, percent of the unearned premium (its commission). */
  acquisitionCostPercentage?: DecimalInput;
  /** IOF rate of the branch on an extra premium, percent (0 for surety). */
  iofPercentage?: DecimalInput;
};

export type PremiumDifference = {
  kind: 'extra' | 'restitution' | 'none';
  remainingDays: number;
  /** Days the new state runs from the effective date (remaining + extension). */
  newRemainingDays: number;
  /** Extra premium charged (0 unless kind = extra). */
  extraPremium: Dec;
  /** IOF on the extra premium. */
  iofValue: Dec;
  /** Commission the broker earns on the extra premium. */
  commissionOnExtra: Dec;
  /** Gross unearned premium given back (0 unless kind = restitution). */
  unearnedPremium: Dec;
  /** Acquisition costs the insurer keeps out of the unearned premium. */
  acquisitionCostsKept: Dec;
  /** IOF of the unearned premium returned (cancellation only; 0 otherwise). */
  iofRestitution: Dec;
  /** What the policy holder receives: unearned − acquisition costs kept (+ IOF returned). */
  restitution: Dec;
  /** The policy's premium after the endorsement. */
  newInsurancePremium: Dec;
  /** The policy's commission value after the endorsement. */
  newComissionValue: Dec;
};

const zero = () => new Dec(0);

const effectiveFrom = (policy: PolicyTerms, effectiveDate: DateInput): DateInput =>
  toEpochDay(effectiveDate) < toEpochDay(policy.startDate) ? policy.startDate : effectiveDate;

const remaining = (from: DateInput, end: DateInput) => Math.max(0, daysBetween(from, end));

const pct = (v: DecimalInput | undefined) => toDec(v ?? 0).dividedBy(100);

const restitutionOf = (
  policy: PolicyTerms,
  unearned: Dec,
  change: EndorsementChange,
  remainingDays: number,
  newRemainingDays: number,
): PremiumDifference => {
  const acquisitionCostsKept = roundMoney(unearned.times(pct(change.acquisitionCostPercentage)));
  const newInsurancePremium = roundMoney(toDec(policy.insurancePremium).minus(unearned));
  return {
    kind: unearned.isZero() ? 'none' : 'restitution',
    remainingDays,
    newRemainingDays,
    extraPremium: zero(),
    iofValue: zero(),
    commissionOnExtra: zero(),
    unearnedPremium: unearned,
    acquisitionCostsKept,
    iofRestitution: zero(),
    restitution: roundMoney(unearned.minus(acquisitionCostsKept)),
    newInsurancePremium,
    newComissionValue: roundMoney(newInsurancePremium.times(pct(policy.comissionPercentage))),
  };
};

/** The premium difference of a change endorsement (IS and/or end date). */
export const changePremiumDifference = (
  policy: PolicyTerms,
  change: EndorsementChange,
): PremiumDifference => {
  const from = effectiveFrom(policy, change.effectiveDate);
  const remainingDays = remaining(from, policy.endDate);
  const newRemainingDays = remaining(from, change.endDate ?? policy.endDate);
  const tax = toDec(policy.tax);
  const oldPart = toDec(policy.insuredAmount).times(tax).dividedBy(100).times(remainingDays).dividedBy(365);
  const newPart = toDec(change.insuredAmount ?? policy.insuredAmount)
    .times(tax)
    .dividedBy(100)
    .times(newRemainingDays)
    .dividedBy(365);
  const delta = roundMoney(newPart.minus(oldPart));
  if (delta.isNegative())
    return restitutionOf(policy, delta.negated(), change, remainingDays, newRemainingDays);
  const newInsurancePremium = roundMoney(toDec(policy.insurancePremium).plus(delta));
  return {
    kind: delta.isZero() ? 'none' : 'extra',
    remainingDays,
    newRemainingDays,
    extraPremium: delta,
    iofValue: roundMoney(delta.times(pct(change.iofPercentage))),
    commissionOnExtra: roundMoney(delta.times(pct(policy.comissionPercentage))),
    unearnedPremium: zero(),
    acquisitionCostsKept: zero(),
    iofRestitution: zero(),
    restitution: zero(),
    newInsurancePremium,
    newComissionValue: roundMoney(newInsurancePremium.times(pct(policy.comissionPercentage))),
  };
};

/**
 * The restitution of a cancellation at the effective date: cancellationRestitution, the one rule
 * an internal cancellation follows too (the same figure on the same day). The policy's commission
 * value and IOF, when given, are returned in proportion as there.
 */
export const cancellationPremiumDifference = (
  policy: PolicyTerms,
  change: Pick<EndorsementChange, 'effectiveDate' | 'acquisitionCostPercentage'>,
): PremiumDifference => {
  const x = cancellationRestitution({
    startDate: policy.startDate,
    endDate: policy.endDate,
    cancelDate: change.effectiveDate,
    insurancePremium: policy.insurancePremium,
    movements: policy.movements,
    iofValue: policy.iofValue,
    acquisitionCostPercentage: change.acquisitionCostPercentage ?? 0,
  });
  const unearned = toDec(x.unearnedPremium);
  const newInsurancePremium = roundMoney(toDec(policy.insurancePremium).minus(unearned));
  return {
    kind: unearned.isZero() ? 'none' : 'restitution',
    remainingDays: x.remainingDays,
    newRemainingDays: 0,
    extraPremium: zero(),
    iofValue: zero(),
    commissionOnExtra: zero(),
    unearnedPremium: unearned,
    acquisitionCostsKept: toDec(x.acquisitionCostsKept),
    iofRestitution: toDec(x.iofRestitution),
    restitution: toDec(x.totalRestitution),
    newInsurancePremium,
    newComissionValue: roundMoney(newInsurancePremium.times(pct(policy.comissionPercentage))),
  };
};

/** The fields a comparison shows: only those whose value changed (spec §5). */
export type ComparedField = {
  Field: string;
  Label: string;
  OldValue: string | null;
  NewValue: string | null;
};

export const changedFields = (
  before: Record<string, string | null | undefined>,
  after: Record<string, string | null | undefined>,
  labels: Record<string, string>,
): ComparedField[] =>
  Object.keys(labels)
    .filter((k) => k in after && after[k] !== undefined && (before[k] ?? null) !== (after[k] ?? null))
    .map((k) => ({
      Field: k,
      Label: labels[k] ?? k,
      OldValue: before[k] ?? null,
      NewValue: after[k] ?? null,
    }));
