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
  /**
   * Acquisition costs the insurer keeps, percent of the unearned premium (Lei 15.040/2024 art. 6;
   * DEFAULT_ACQUISITION_COST_PERCENTAGE unless the caller has its own). Required: no caller
   * forgets the rule.
   */
  acquisitionCostPercentage: DecimalInput;
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
  /** Acquisition costs kept by the insurer: unearned premium × acquisitionCostPercentage. */
  acquisitionCostsKept: string;
  /** Commission in proportion to the remaining days: what the brokers give back to the insurer. */
  commissionReturned: string;
  /** IOF of the unearned part (a tax, returned in full with the premium). */
  iofRestitution: string;
  /** What the policy holder receives: unearned premium − acquisition costs kept + its IOF. */
  totalRestitution: string;
};

const money = (v: Dec) => roundMoney(v).toFixed(2);

/**
 * The one restitution rule of a cancelled policy (domain.md §4): the internal cancellation and the
 * cancellation endorsement both compute it here. Pro rata by days (architecture §5), half-up to
 * cents at the end of each formula: the unearned premium, less the acquisition costs the insurer
 * keeps in proportion (Lei 15.040/2024 art. 6), plus the IOF of the unearned part. A cancellation
 * before the start returns everything (less the costs); on or after the end, nothing.
 *
 * Worked example: R$ 1.200,00 of premium (IOF R$ 88,56) over 2026-01-01 → 2027-01-01 (365 days),
 * cancelled on 2026-07-02 (183 days left), 10% of acquisition costs:
 * unearned 1200 × 183/365 = 601,64; kept 10% = 60,16; IOF 88,56 × 183/365 = 44,40;
 * restitution 601,64 − 60,16 + 44,40 = 585,88.
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
  const kept = roundMoney(unearned.times(toDec(input.acquisitionCostPercentage)).dividedBy(100));
  const iof = roundMoney(share(input.iofValue));
  return {
    totalDays,
    remainingDays,
    factor: new Dec(remainingDays).dividedBy(totalDays).toFixed(6),
    unearnedPremium: money(unearned),
    acquisitionCostsKept: money(kept),
    commissionReturned: money(share(input.comissionValue)),
    iofRestitution: money(iof),
    totalRestitution: money(unearned.minus(kept).plus(iof)),
  };
};

/**
 * Acquisition costs kept on a restitution (percent of the unearned premium): the insurer's
 * issuance expenses, for cancellations and for change endorsements that return premium.
 */
export const DEFAULT_ACQUISITION_COST_PERCENTAGE = '10';

/**
 * How many days back an internal cancellation may take effect (GetNumberOfDaysToCancelPolicy):
 * the insurer records a cancellation it learned of late, never more than this.
 */
export const POLICY_CANCEL_WINDOW_DAYS = 30;
