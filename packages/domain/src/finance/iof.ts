import type { BranchCode } from '../catalogues/products.js';
import { type Dec, type DecimalInput, roundMoney, toDec } from '../shared/decimal.js';

/** IOF rate (percent) per branch code. Data, not code: the API may load its own table. */
export type IofRateTable = Readonly<Record<string, string>>;

/**
 * Default rates: 0% for surety branches (Decreto 7.787/2012), 7.38% for the property branches.
 */
export const defaultIofRates: IofRateTable = {
  '0775': '0',
  '0776': '0',
  NamedRisk: '7.38',
  RC: '7.38',
} satisfies Record<BranchCode, string>;

/** The IOF rate of a branch, or undefined when the table has none. */
export const iofRateFor = (branch: string, table: IofRateTable = defaultIofRates): Dec | undefined => {
  const rate = table[branch];
  return rate === undefined ? undefined : toDec(rate);
};

/** IOF value = premium × rate / 100, rounded half-up to cents. */
export const iofValue = (premium: DecimalInput, ratePercent: DecimalInput): Dec =>
  roundMoney(toDec(premium).times(toDec(ratePercent)).dividedBy(100));
