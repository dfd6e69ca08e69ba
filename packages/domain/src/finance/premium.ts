import { formatPercent } from '../format/percent.js';
import { type DateInput, daysBetween } from '../shared/dates.js';
import { Dec, type DecimalInput, roundMoney, roundRate, toDec } from '../shared/decimal.js';
import { defaultIofRates, type IofRateTable, iofRateFor, iofValue } from './iof.js';

/** domain.md §2: DeadlineDays = EndDate − StartDate in calendar days. */
export const deadlineDays = (start: DateInput, end: DateInput): number => daysBetween(start, end);

export type PureRateInput = {
  /** The tomador's rate for the modality, percent. */
  rate: DecimalInput;
  /** Special loading (agravo), percent of the rate. */
  specialLoading?: DecimalInput | null;
  /** Loss history loading, percent of the rate. */
  lossHistory?: DecimalInput | null;
};

/** PureRate = rate loaded by SpecialLoading and LossHistory: rate × (1 + (SL + LH)/100). */
export const pureRate = ({ rate, specialLoading, lossHistory }: PureRateInput): Dec => {
  const loading = toDec(specialLoading ?? 0).plus(toDec(lossHistory ?? 0));
  return toDec(rate).times(new Dec(1).plus(loading.dividedBy(100)));
};

/** Exposure in insured-amount years: IS × DeadlineDays / 365. */
const exposure = (insuredAmount: DecimalInput, days: number): Dec =>
  toDec(insuredAmount).times(days).dividedBy(365);

/** Net = IS × PureRate/100 × DeadlineDays/365, rounded half-up to cents. */
export const netPremium = (insuredAmount: DecimalInput, pureRatePercent: DecimalInput, days: number): Dec =>
  roundMoney(exposure(insuredAmount, days).times(toDec(pureRatePercent)).dividedBy(100));

/** Premium = max(MinInsurancePremium, Net / (1 − c/100)), rounded half-up to cents. */
export const premiumFromCommission = (
  net: DecimalInput,
  commissionPercentage: DecimalInput,
  minInsurancePremium: DecimalInput = 0,
): Dec => {
  const c = toDec(commissionPercentage);
  if (c.greaterThanOrEqualTo(100)) throw new RangeError('commission must be below 100%');
  return Dec.max(
    toDec(minInsurancePremium),
    roundMoney(toDec(net).dividedBy(new Dec(1).minus(c.dividedBy(100)))),
  );
};

/** ComissionValue = Premium × c/100, rounded half-up to cents. */
export const commissionValue = (premium: DecimalInput, commissionPercentage: DecimalInput): Dec =>
  roundMoney(toDec(premium).times(toDec(commissionPercentage)).dividedBy(100));

/** Commercial rate Tax = Premium / (IS × DeadlineDays/365) × 100, to 6 decimals. */
export const commercialRate = (premium: DecimalInput, insuredAmount: DecimalInput, days: number): Dec => {
  const e = exposure(insuredAmount, days);
  return e.isZero() ? new Dec(0) : roundRate(toDec(premium).dividedBy(e).times(100));
};

/** Premium from a commercial rate: IS × Tax/100 × DeadlineDays/365, rounded half-up to cents. */
export const premiumFromRate = (insuredAmount: DecimalInput, taxPercent: DecimalInput, days: number): Dec =>
  roundMoney(exposure(insuredAmount, days).times(toDec(taxPercent)).dividedBy(100));

/** c = 100 × (1 − Net/Premium), to 6 decimals. */
export const commissionFromPremium = (net: DecimalInput, premium: DecimalInput): Dec => {
  const p = toDec(premium);
  return p.isZero() ? new Dec(0) : roundRate(new Dec(1).minus(toDec(net).dividedBy(p)).times(100));
};

export type CommissionRange = { min: DecimalInput; max: DecimalInput };

/** The allowed range is the intersection of the modality's and the broker's ranges. */
export const allowedCommissionRange = (
  ...ranges: readonly (CommissionRange | null | undefined)[]
): { min: Dec; max: Dec } => {
  let min = new Dec(0);
  let max = new Dec(100);
  for (const r of ranges) {
    if (!r) continue;
    min = Dec.max(min, toDec(r.min));
    max = Dec.min(max, toDec(r.max));
  }
  return { min, max };
};

export const financialMessages = {
  commissionOutOfRange: (c: string, min: string, max: string) =>
    `O percentual de comissão ${c} está fora do intervalo permitido, de ${min} a ${max}.`,
  commissionTooHigh: 'O percentual de comissão deve ser menor que 100%.',
  noCommissionRange: 'Não há percentual de comissão permitido para esta modalidade e corretor.',
  invalidPeriod: 'A data de fim de vigência deve ser posterior à data de início.',
  invalidInsuredAmount: 'A importância segurada deve ser maior que zero.',
  missingCommission: 'Informe o percentual de comissão.',
  missingTax: 'Informe a taxa.',
  invalidTax: 'A taxa deve ser maior que zero.',
  unknownIofBranch: (branch: string) => `Não há alíquota de IOF cadastrada para o ramo ${branch}.`,
} as const;

/** Commission outside the allowed range → pt-BR message, else undefined. */
export const validateCommissionRange = (
  commissionPercentage: DecimalInput,
  range: { min: DecimalInput; max: DecimalInput },
): string | undefined => {
  const c = toDec(commissionPercentage);
  const min = toDec(range.min);
  const max = toDec(range.max);
  if (min.greaterThan(max)) return financialMessages.noCommissionRange;
  return c.lessThan(min) || c.greaterThan(max)
    ? financialMessages.commissionOutOfRange(formatPercent(c), formatPercent(min), formatPercent(max))
    : undefined;
};

export type FinancialInput = {
  startDate: DateInput;
  endDate: DateInput;
  insuredAmount: DecimalInput;
  /** The tomador's rate for the modality (percent). */
  rate: DecimalInput;
  specialLoading?: DecimalInput | null;
  lossHistory?: DecimalInput | null;
  minInsurancePremium?: DecimalInput | null;
  /** Default true: the commission percentage drives the result. */
  calculatePerComissionPercentage?: boolean;
  /** Default false: the commercial rate (Tax) drives the result. Wins when both are true. */
  calculatePerRiskRate?: boolean;
  comissionPercentage?: DecimalInput | null;
  tax?: DecimalInput | null;
  /** Allowed commission ranges (modality's and broker's); intersected. */
  commissionRanges?: readonly (CommissionRange | null | undefined)[];
  /**
   * Additional coverages contracted on top of the main one: each adds its own net premium
   * `IS × rate/100 × DeadlineDays/365` (rounded to cents) to the proposal's net premium.
   */
  coverages?: readonly CoverageRateInput[];
  /** Branch code for IOF (e.g. '0775', 'NamedRisk'); IOF is 0 when absent. */
  branch?: string;
  iofRates?: IofRateTable;
};

export type CoverageRateInput = { insuredAmount: DecimalInput; rate: DecimalInput };

export type FinancialResult = {
  deadlineDays: number;
  pureRate: Dec;
  /** Net premium of the main coverage plus the additional coverages'. */
  netPremium: Dec;
  /** Net premium of each additional coverage, in the input's order. */
  coverageNets: Dec[];
  insurancePremium: Dec;
  comissionPercentage: Dec;
  comissionValue: Dec;
  tax: Dec;
  iofRate: Dec;
  iofValue: Dec;
  /** Premium + IOF. */
  totalPremium: Dec;
  /** True when the minimum premium replaced the computed one. */
  minimumApplied: boolean;
};

export type EngineResult<T> = { ok: true; value: T } | { ok: false; errors: string[] };

/**
 * The financial engine of domain.md §2. In commission mode the commission percentage gives the
 * premium; in risk-rate mode the commercial rate gives the premium and the commission is solved.
 * Either way the premium is never below the minimum premium and the commission must lie in the
 * allowed range.
 */
export const calculateFinancials = (input: FinancialInput): EngineResult<FinancialResult> => {
  const errors: string[] = [];
  const days = deadlineDays(input.startDate, input.endDate);
  const is = toDec(input.insuredAmount);
  if (days <= 0) errors.push(financialMessages.invalidPeriod);
  if (!is.greaterThan(0)) errors.push(financialMessages.invalidInsuredAmount);
  const perRiskRate = input.calculatePerRiskRate === true;
  if (perRiskRate && (input.tax === undefined || input.tax === null))
    errors.push(financialMessages.missingTax);
  else if (perRiskRate && !toDec(input.tax as DecimalInput).greaterThan(0))
    errors.push(financialMessages.invalidTax);
  if (!perRiskRate && (input.comissionPercentage === undefined || input.comissionPercentage === null)) {
    errors.push(financialMessages.missingCommission);
  }
  let iofRate = new Dec(0);
  if (input.branch !== undefined) {
    const rate = iofRateFor(input.branch, input.iofRates ?? defaultIofRates);
    if (rate === undefined) errors.push(financialMessages.unknownIofBranch(input.branch));
    else iofRate = rate;
  }
  if (errors.length > 0) return { ok: false, errors };

  const range = allowedCommissionRange(...(input.commissionRanges ?? []));
  const pure = pureRate(input);
  const coverageNets = (input.coverages ?? []).map((c) => netPremium(c.insuredAmount, c.rate, days));
  const net = coverageNets.reduce((sum, n) => sum.plus(n), netPremium(is, pure, days));
  const min = toDec(input.minInsurancePremium ?? 0);

  let premium: Dec;
  let c: Dec;
  if (perRiskRate) {
    const fromRate = premiumFromRate(is, input.tax as DecimalInput, days);
    premium = Dec.max(min, fromRate);
    c = commissionFromPremium(net, premium);
  } else {
    c = toDec(input.comissionPercentage as DecimalInput);
    if (c.greaterThanOrEqualTo(100)) return { ok: false, errors: [financialMessages.commissionTooHigh] };
    const rangeError = validateCommissionRange(c, range);
    if (rangeError) return { ok: false, errors: [rangeError] };
    premium = premiumFromCommission(net, c, min);
  }
  const rangeError = validateCommissionRange(c, range);
  if (rangeError) return { ok: false, errors: [rangeError] };

  const iof = iofValue(premium, iofRate);
  return {
    ok: true,
    value: {
      deadlineDays: days,
      pureRate: pure,
      netPremium: net,
      coverageNets,
      insurancePremium: premium,
      comissionPercentage: c,
      comissionValue: commissionValue(premium, c),
      tax: commercialRate(premium, is, days),
      iofRate,
      iofValue: iof,
      totalPremium: premium.plus(iof),
      minimumApplied: premium.equals(min) && min.greaterThan(0),
    },
  };
};

export type CommissionScenario = {
  comissionPercentage: Dec;
  insurancePremium: Dec;
  comissionValue: Dec;
  tax: Dec;
  minimumApplied: boolean;
};

/**
 * How the price moves as the commission moves: the commission-mode result at `steps` evenly spaced
 * points of the allowed range (its ends included, percentages to 2 decimals). Empty when the range
 * is empty or the input cannot be calculated.
 */
export const commissionScenarios = (input: FinancialInput, steps = 5): CommissionScenario[] => {
  const range = allowedCommissionRange(...(input.commissionRanges ?? []));
  if (range.min.greaterThan(range.max) || steps < 1) return [];
  const points = new Map<string, Dec>();
  const span = range.max.minus(range.min);
  for (let i = 0; i < steps; i++) {
    const c = steps === 1 ? range.min : range.min.plus(span.times(i).dividedBy(steps - 1));
    const rounded = c.toDecimalPlaces(2, Dec.ROUND_HALF_UP);
    const inside = Dec.min(range.max, Dec.max(range.min, rounded));
    points.set(inside.toFixed(6), inside);
  }
  const out: CommissionScenario[] = [];
  for (const c of points.values()) {
    const r = calculateFinancials({
      ...input,
      calculatePerComissionPercentage: true,
      calculatePerRiskRate: false,
      comissionPercentage: c,
    });
    if (!r.ok) continue;
    out.push({
      comissionPercentage: r.value.comissionPercentage,
      insurancePremium: r.value.insurancePremium,
      comissionValue: r.value.comissionValue,
      tax: r.value.tax,
      minimumApplied: r.value.minimumApplied,
    });
  }
  return out;
};
