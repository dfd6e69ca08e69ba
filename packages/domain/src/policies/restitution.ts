import { type DateInput, daysBetween } from '../shared/dates.js';
import { Dec, type DecimalInput, roundMoney, toDec } from '../shared/decimal.js';

export type CancellationRestitutionInput = {
  /** Vigência of the policy (start inclusive, end exclusive: DeadlineDays = end − start). */
  startDate: DateInput;
  endDate: DateInput;
  /** The day the cancellation takes effect. */
  cancelDate: DateInput;
  /** Commercial premium (InsurancePremium, without IOF). */
  insurancePremium: DecimalInput;
  /** Commission paid to the brokers out of the premium (ComissionValue). */
  comissionValue?: DecimalInput | null;
  /** IOF charged on the premium. */
  iofValue?: DecimalInput | null;
};

export type CancellationRestitution = {
  /** Calendar days of the vigência. */
  totalDays: number;
  /** Days of cover not run on the cancel date (0 when the policy already ended). */
  remainingDays: number;
  /** remainingDays / totalDays, 6 places (display only; the amounts use the exact fraction). */
  factor: string;
  /** Premium not earned: InsurancePremium × remaining / total. */
  unearnedPremium: string;
  /** Commission in proportion to the remaining days: what the brokers give back to the insurer. */
  commissionReturned: string;
  /** IOF of the unearned part (returned with the premium). */
  iofRestitution: string;
  /** What the policy holder receives: unearned premium + its IOF. */
  totalRestitution: string;
};

const money = (v: Dec) => roundMoney(v).toFixed(2);

/**
 * Pro-rata restitution of an internal cancellation (domain.md §4, architecture §5: pro rata by
 * days, half-up to cents at the end of each formula). A cancellation before the start returns
 * everything; on or after the end, nothing.
 *
 * Worked example: R$ 1.200,00 of premium over 2026-01-01 → 2027-01-01 (365 days), cancelled on
 * 2026-07-02 (183 days left): 1200 × 183/365 = 601,64.
 */
export const cancellationRestitution = (input: CancellationRestitutionInput): CancellationRestitution => {
  const totalDays = daysBetween(input.startDate, input.endDate);
  if (totalDays <= 0) throw new RangeError('the vigência must last at least one day');
  const fromStart = daysBetween(input.startDate, input.cancelDate);
  const remainingDays = Math.min(totalDays, Math.max(0, totalDays - Math.max(0, fromStart)));
  const share = (amount: DecimalInput | null | undefined) =>
    toDec(amount ?? 0)
      .times(remainingDays)
      .dividedBy(totalDays);
  const unearned = roundMoney(share(input.insurancePremium));
  const iof = roundMoney(share(input.iofValue));
  return {
    totalDays,
    remainingDays,
    factor: new Dec(remainingDays).dividedBy(totalDays).toFixed(6),
    unearnedPremium: money(unearned),
    commissionReturned: money(share(input.comissionValue)),
    iofRestitution: money(iof),
    totalRestitution: money(unearned.plus(iof)),
  };
};

/**
 * How many days back an internal cancellation may take effect (GetNumberOfDaysToCancelPolicy):
 * the insurer records a cancellation it learned of late, never more than this.
 */
export const POLICY_CANCEL_WINDOW_DAYS = 30;
