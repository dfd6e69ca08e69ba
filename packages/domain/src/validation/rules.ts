import { formatMoney } from '../format/money.js';
import { Dec, type DecimalInput, isDecimal, roundMoney, toDec } from '../shared/decimal.js';
import { normaliseForComparison } from '../shared/text.js';

/** A validation rule returns the spec's message, or undefined when the value is accepted. */
export type ValidationResult = string | undefined;

export const validationMessages = {
  numeric: 'Valor inválido inválido, campo numérico.',
  minInsuredAmount: (modality: string, amount: string) =>
    `O valor de importância segurada mínimo para a modalidade "${modality}" é de ${amount}`,
  maxInsuredAmount: (modality: string, amount: string) =>
    `O valor de importância segurada máximo para a modalidade "${modality}" é de ${amount}`,
  daysBelow: (n: number | string) => `Prazo de dias para essa modalidade não pode ser menor que ${n}`,
  daysAbove: (n: number | string) => `Prazo de dias para essa modalidade não pode ser maior que ${n}`,
  numberBelow: (n: number | string) => `O valor não pode ser menor que ${n}`,
  numberAbove: (n: number | string) => `O valor não pode ser maior que ${n}`,
  riskValueSum: (max: string, min: string) =>
    `A soma dos valores não pode ser maior que ${max} ou menor que ${min}.`,
  mmuMmp: 'Valor da soma do MMU e MMP inválidos, a soma deve ser exatamente igual ao valor do conteúdo!',
  duplicate: 'Este valor está duplicado',
  commissionNegative: 'A comissão deve ser igual ou maior que zero.',
  required: 'Campo obrigatório',
  minLength: (n: number) => `O campo deve ter no mínimo ${n} caracteres`,
  maxLength: (n: number) => `O campo deve ter no máximo ${n} caracteres`,
  pattern: 'Formato inválido',
} as const;

const isBlank = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** A plain ('1234.5', '-3') or pt-BR ('1.234,56') number, or a finite JS number. */
export const isNumeric = (value: unknown): boolean => {
  if (typeof value === 'number') return Number.isFinite(value);
  if (isDecimal(value)) return value.isFinite();
  if (typeof value !== 'string') return false;
  const text = value.trim();
  return /^-?\d+(?:[.,]\d+)?$/.test(text) || /^-?\d{1,3}(?:\.\d{3})+(?:,\d+)?$/.test(text);
};

/** Converts a numeric value accepted by isNumeric into a Decimal. */
export const toNumericDecimal = (value: string | number | Dec): Dec => {
  if (typeof value !== 'string') return toDec(value);
  const text = value.trim();
  if (/^-?\d{1,3}(?:\.\d{3})+(?:,\d+)?$/.test(text) || text.includes(',')) {
    return toDec(text.replace(/\./g, '').replace(',', '.'));
  }
  return toDec(text);
};

/** 'Valor inválido inválido, campo numérico.' for a non-empty, non-numeric value. */
export const validateNumeric = (value: unknown): ValidationResult =>
  isBlank(value) || isNumeric(value) ? undefined : validationMessages.numeric;

/** Spec §5: the minimum IS is `100 × min / (100 − rate)`, rounded half-up to cents. */
export const minimumInsuredAmount = (min: DecimalInput, rate: DecimalInput = 0): Dec => {
  const r = toDec(rate);
  if (r.greaterThanOrEqualTo(100)) throw new RangeError('rate must be below 100');
  return roundMoney(toDec(min).times(100).dividedBy(new Dec(100).minus(r)));
};

export type MinInsuredAmountInput = {
  value: DecimalInput;
  modalityName: string;
  /** The modality's minimum IS. */
  min: DecimalInput;
  /** The percentage the spec's rule grosses the minimum up by (0 when absent). */
  rate?: DecimalInput;
};

export const validateMinInsuredAmount = ({
  value,
  modalityName,
  min,
  rate = 0,
}: MinInsuredAmountInput): ValidationResult => {
  const threshold = minimumInsuredAmount(min, rate);
  return toDec(value).lessThan(threshold)
    ? validationMessages.minInsuredAmount(modalityName, formatMoney(threshold))
    : undefined;
};

export type MaxInsuredAmountInput = { value: DecimalInput; modalityName: string; max: DecimalInput };

export const validateMaxInsuredAmount = ({
  value,
  modalityName,
  max,
}: MaxInsuredAmountInput): ValidationResult =>
  toDec(value).greaterThan(toDec(max))
    ? validationMessages.maxInsuredAmount(modalityName, formatMoney(max))
    : undefined;

export type NumericRange = { min?: number | undefined; max?: number | undefined };

/** Days of a modality: 'Prazo de dias para essa modalidade não pode ser menor/maior que {n}'. */
export const validateDays = (days: number, { min, max }: NumericRange): ValidationResult => {
  if (min !== undefined && days < min) return validationMessages.daysBelow(min);
  if (max !== undefined && days > max) return validationMessages.daysAbove(max);
  return undefined;
};

/** 'O valor não pode ser menor/maior que {n}'. */
export const validateNumberRange = (value: DecimalInput, { min, max }: NumericRange): ValidationResult => {
  const v = toDec(value);
  if (min !== undefined && v.lessThan(min)) return validationMessages.numberBelow(min);
  if (max !== undefined && v.greaterThan(max)) return validationMessages.numberAbove(max);
  return undefined;
};

export type RiskValueSumInput = {
  values: readonly (DecimalInput | null | undefined)[];
  minLMGValue: DecimalInput;
  maxLMGValue: DecimalInput;
};

/** The sum of risk values must lie between minLMGValue and maxLMGValue (amounts shown in BRL). */
export const validateRiskValueSum = ({
  values,
  minLMGValue,
  maxLMGValue,
}: RiskValueSumInput): ValidationResult => {
  const total = values.reduce<Dec>(
    (sum, v) => (v === null || v === undefined ? sum : sum.plus(toDec(v))),
    new Dec(0),
  );
  return total.lessThan(toDec(minLMGValue)) || total.greaterThan(toDec(maxLMGValue))
    ? validationMessages.riskValueSum(formatMoney(maxLMGValue), formatMoney(minLMGValue))
    : undefined;
};

export type MmuMmpInput = { mmu: DecimalInput; mmp: DecimalInput; content: DecimalInput; applies?: boolean };

/** When MMU/MMP applies, MMU + MMP must equal the content value exactly. */
export const validateMmuMmp = ({ mmu, mmp, content, applies = true }: MmuMmpInput): ValidationResult => {
  if (!applies) return undefined;
  return toDec(mmu).plus(toDec(mmp)).equals(toDec(content)) ? undefined : validationMessages.mmuMmp;
};

export type DuplicateOptions = {
  /** true for the spec's accent-stripping normaliser, or a custom one. Default: exact comparison. */
  normalise?: boolean | ((value: string) => string);
  /** Default 'Este valor está duplicado'. */
  message?: string;
};

/**
 * Duplicates within a list by field: one result per item; every occurrence of a repeated value
 * after the first gets the message. Blank values are never duplicates.
 */
export const validateDuplicates = <T>(
  items: readonly T[],
  field: keyof T | ((item: T) => unknown),
  options: DuplicateOptions = {},
): ValidationResult[] => {
  const read = typeof field === 'function' ? field : (item: T) => item[field];
  const normalise =
    options.normalise === true
      ? normaliseForComparison
      : typeof options.normalise === 'function'
        ? options.normalise
        : (v: string) => v;
  const message = options.message ?? validationMessages.duplicate;
  const seen = new Set<string>();
  return items.map((item) => {
    const raw = read(item);
    if (isBlank(raw)) return undefined;
    const key = normalise(String(raw));
    if (key === '') return undefined;
    if (seen.has(key)) return message;
    seen.add(key);
    return undefined;
  });
};

/** Checks one value against the other values of its list (as a form field rule does). */
export const validateNotDuplicated = (
  value: unknown,
  others: readonly unknown[],
  options: DuplicateOptions = {},
): ValidationResult => {
  if (isBlank(value)) return undefined;
  const results = validateDuplicates([...others.filter((o) => !isBlank(o)), value], (v) => v, options);
  return results[results.length - 1];
};

/** Spec §5: a commission value is accepted if zero or greater. */
export const validateCommission = (value: DecimalInput): ValidationResult =>
  toDec(value).isNegative() && !toDec(value).isZero() ? validationMessages.commissionNegative : undefined;

/** Standard rules (spec §5 "required, min/max, length, regex"). */
export const validateRequired = (value: unknown): ValidationResult =>
  isBlank(value) || (Array.isArray(value) && value.length === 0) ? validationMessages.required : undefined;

export const validateMinLength = (value: string | null | undefined, min: number): ValidationResult =>
  value && value.length < min ? validationMessages.minLength(min) : undefined;

/** Default max 50 (spec §9 text inputs). */
export const validateMaxLength = (value: string | null | undefined, max = 50): ValidationResult =>
  value && value.length > max ? validationMessages.maxLength(max) : undefined;

export const validatePattern = (
  value: string | null | undefined,
  pattern: RegExp,
  message: string = validationMessages.pattern,
): ValidationResult => (value && !pattern.test(value) ? message : undefined);
