import { Dec, type DecimalInput, roundMoney, toDec } from '../shared/decimal.js';

/** An insurer's installment parameters (spec §3 "Installment parameter"). */
export type InstallmentParameters = {
  /** Smallest value one installment may have. */
  minimumInstallmentValue: DecimalInput;
  /** Largest number of installments. */
  maximumInstallments: number;
  /** Grace periods (days before the first due date) the insurer offers. */
  gracePeriodsInDays: readonly number[];
};

export type Installment = { Number: number; Value: string };

/** Spec §3: the financial response carries InstallmentResult.PossibleGracePeriodsInDays. */
export type InstallmentResult = {
  PossibleNumberOfInstallments: number[];
  PossibleGracePeriodsInDays: number[];
  NumberOfInstallment: number;
  Installments: Installment[];
};

/** Largest count such that every installment reaches the minimum value; at least 1. */
export const maxInstallmentCount = (total: DecimalInput, parameters: InstallmentParameters): number => {
  const min = toDec(parameters.minimumInstallmentValue);
  const byValue = min.greaterThan(0)
    ? toDec(total).dividedToIntegerBy(min).toNumber()
    : Number.POSITIVE_INFINITY;
  return Math.max(1, Math.min(Math.max(1, Math.floor(parameters.maximumInstallments)), byValue));
};

/** Splits a total in `count` installments of whole cents; the remainder goes to the first one. */
export const splitInstallments = (total: DecimalInput, count: number): Installment[] => {
  if (!Number.isInteger(count) || count < 1) throw new RangeError('count must be a positive integer');
  const t = roundMoney(total);
  const each = t.dividedBy(count).toDecimalPlaces(2, Dec.ROUND_DOWN);
  const first = t.minus(each.times(count - 1));
  return Array.from({ length: count }, (_, i) => ({
    Number: i + 1,
    Value: (i === 0 ? first : each).toFixed(2),
  }));
};

/** Grace periods offered, sorted and unique; those not shorter than the policy term are dropped. */
export const possibleGracePeriods = (parameters: InstallmentParameters, deadlineDays?: number): number[] =>
  [...new Set(parameters.gracePeriodsInDays)]
    .filter((d) => Number.isInteger(d) && d >= 0 && (deadlineDays === undefined || d < deadlineDays))
    .sort((a, b) => a - b);

export type InstallmentInput = {
  totalPremium: DecimalInput;
  parameters: InstallmentParameters;
  /** Requested count; empty or 0 means the default 1; capped to the maximum allowed. */
  numberOfInstallment?: number | null;
  deadlineDays?: number;
};

export const calculateInstallments = ({
  totalPremium,
  parameters,
  numberOfInstallment,
  deadlineDays,
}: InstallmentInput): InstallmentResult => {
  const max = maxInstallmentCount(totalPremium, parameters);
  const requested = numberOfInstallment && numberOfInstallment > 0 ? Math.floor(numberOfInstallment) : 1;
  const count = Math.min(requested, max);
  return {
    PossibleNumberOfInstallments: Array.from({ length: max }, (_, i) => i + 1),
    PossibleGracePeriodsInDays: possibleGracePeriods(parameters, deadlineDays),
    NumberOfInstallment: count,
    Installments: splitInstallments(totalPremium, count),
  };
};
