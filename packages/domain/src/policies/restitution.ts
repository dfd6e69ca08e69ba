import { type DateInput, daysBetween } from '../shared/dates.js';
import { Dec, type DecimalInput, roundMoney, toDec } from '../shared/decimal.js';

/**
 * A premium charged (positive) or given back (negative) for the cover of `from` → `to` (end
 * exclusive): the issue premium over the vigência as issued, each endorsement's difference over the
 * days it was priced for (domain.md §4, "Restitution"). Each is earned evenly over its own period.
 */
export type PremiumMovement = { amount: DecimalInput; from: DateInput; to: DateInput };

export type CancellationRestitutionInput = {
  /** Vigência of the policy (start inclusive, end exclusive: DeadlineDays = end − start). */
  startDate: DateInput;
  endDate: DateInput;
  /** The day the cancellation takes effect. */
  cancelDate: DateInput;
  /** Commercial premium (InsurancePremium, without IOF): the sum of the movements. */
  insurancePremium: DecimalInput;
  /** The premium's movements; without them, the premium over the whole vigência. */
  movements?: readonly PremiumMovement[] | null;
  /** IOF charged on the premium (returned in the proportion of the premium not earned). */
  iofValue?: DecimalInput | null;
  /**
   * The policy's acquisition cost, percent of the premium: its commission percentage (the
   * brokers keep their commission; the insurer keeps that share of the unearned premium).
   * Required: no caller forgets the rule.
   */
  acquisitionCostPercentage: DecimalInput;
};

export type CancellationRestitution = {
  /** Calendar days of the vigência. */
  totalDays: number;
  /** Days of cover not run on the cancel date (0 when the policy already ended). */
  remainingDays: number;
  /** Unearned premium / premium, 6 places (display only; the amounts use the exact figures). */
  factor: string;
  /** Premium not earned: each movement × its days not run / its days. */
  unearnedPremium: string;
  /** Acquisition costs kept by the insurer: unearned premium × acquisitionCostPercentage. */
  acquisitionCostsKept: string;
  /** IOF of the unearned part (a tax, returned in full with the premium). */
  iofRestitution: string;
  /** What the policy holder receives: unearned premium − acquisition costs kept + its IOF. */
  totalRestitution: string;
};

const money = (v: Dec) => roundMoney(v).toFixed(2);

/** The part of the movements not yet earned on `date` (exact, not rounded). */
export const unearnedOf = (movements: readonly PremiumMovement[], date: DateInput): Dec =>
  movements.reduce((sum, m) => {
    const days = daysBetween(m.from, m.to);
    if (days <= 0) return sum;
    const left = Math.min(days, Math.max(0, daysBetween(date, m.to)));
    return sum.plus(toDec(m.amount).times(left).dividedBy(days));
  }, new Dec(0));

/**
 * The one restitution rule of a cancelled policy (domain.md §4): the internal cancellation and the
 * cancellation endorsement both compute it here, half-up to cents at the end of each formula. The
 * unearned premium is each premium movement pro rata to its own days not run (an extra premium
 * charged for the remaining days is returned over those days, not over the whole term); the insurer
 * keeps the policy's acquisition cost (its commission percentage) of it; the IOF of the unearned
 * part is returned. A cancellation before the start returns everything (less the costs); on or
 * after the end, nothing.
 *
 * Worked example: R$ 1.200,00 of premium (IOF R$ 88,56) over 2026-01-01 → 2027-01-01 (365 days),
 * 20% commission, cancelled on 2026-07-02 (183 days left): unearned 1200 × 183/365 = 601,64; kept
 * 20% = 120,33; IOF 88,56 × 601,64/1200 = 44,40; restitution 601,64 − 120,33 + 44,40 = 525,71.
 */
export const cancellationRestitution = (input: CancellationRestitutionInput): CancellationRestitution => {
  const totalDays = daysBetween(input.startDate, input.endDate);
  if (totalDays <= 0) throw new RangeError('the vigência must last at least one day');
  const fromStart = daysBetween(input.startDate, input.cancelDate);
  const remainingDays = Math.min(totalDays, Math.max(0, totalDays - Math.max(0, fromStart)));
  const movements = input.movements?.length
    ? input.movements
    : [{ amount: input.insurancePremium, from: input.startDate, to: input.endDate }];
  const exact = unearnedOf(movements, input.cancelDate);
  const premium = toDec(input.insurancePremium);
  const factor = premium.isZero() ? new Dec(0) : exact.dividedBy(premium);
  const unearned = roundMoney(exact);
  const kept = roundMoney(unearned.times(toDec(input.acquisitionCostPercentage)).dividedBy(100));
  const iof = roundMoney(toDec(input.iofValue ?? 0).times(factor));
  return {
    totalDays,
    remainingDays,
    factor: factor.toFixed(6),
    unearnedPremium: money(unearned),
    acquisitionCostsKept: money(kept),
    iofRestitution: money(iof),
    totalRestitution: money(unearned.minus(kept).plus(iof)),
  };
};

/** The policy's acquisition cost, percent of its premium: its commission (0 without premium). */
export const acquisitionCostPercentageOf = (p: {
  insurancePremium: DecimalInput;
  comissionValue?: DecimalInput | null;
  comissionPercentage?: DecimalInput | null;
}) => {
  if (p.comissionPercentage !== null && p.comissionPercentage !== undefined && p.comissionPercentage !== '')
    return toDec(p.comissionPercentage).toFixed(6);
  const premium = toDec(p.insurancePremium);
  return premium.isZero()
    ? '0.000000'
    : toDec(p.comissionValue ?? 0)
        .times(100)
        .dividedBy(premium)
        .toFixed(6);
};

/**
 * How many days back an internal cancellation may take effect (GetNumberOfDaysToCancelPolicy):
 * the insurer records a cancellation it learned of late, never more than this.
 */
export const POLICY_CANCEL_WINDOW_DAYS = 30;
