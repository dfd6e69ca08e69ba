import { applyMask, onlyAlphanumeric } from '../shared/text.js';

export const CNPJ_INVALID_MESSAGE = 'CNPJ inválido';
export const CNPJ_MASK = '##.###.###/####-##';

const firstWeights = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const secondWeights = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

const charValue = (char: string): number => char.charCodeAt(0) - 48;

const checkDigit = (chars: string, weights: readonly number[]): number => {
  let sum = 0;
  for (let i = 0; i < chars.length; i += 1) sum += charValue(chars[i] as string) * (weights[i] as number);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
};

/**
 * The two check digits of a 12-character CNPJ base, numeric or alphanumeric (IN RFB 2.229/2024):
 * modulo 11 over each character's ASCII code minus 48 (A=17 … Z=42).
 */
export const cnpjCheckDigits = (base: string): string => {
  const normalised = base.toUpperCase();
  if (!/^[0-9A-Z]{12}$/.test(normalised))
    throw new RangeError('CNPJ base must have 12 characters in [0-9A-Z]');
  const first = checkDigit(normalised, firstWeights);
  const second = checkDigit(normalised + first, secondWeights);
  return `${first}${second}`;
};

export type CnpjOptions = {
  /** Accept alphanumeric CNPJs (in force since July 2026). Default true. */
  alphanumeric?: boolean;
};

/** Removes the mask and upper-cases letters: `12.abc.345/01de-35` → `12ABC34501DE35`. */
export const unmaskCnpj = (value: string | null | undefined): string => onlyAlphanumeric(value);

/**
 * Spec §5 plus domain.md §8: 14 characters (12 in [0-9A-Z] then 2 digits; only digits when
 * `alphanumeric` is false), not all the same character, check digits verified.
 */
export const isValidCnpj = (value: string | null | undefined, options: CnpjOptions = {}): boolean => {
  const raw = value ?? '';
  if (/[^0-9A-Za-z.\-/\s]/.test(raw)) return false;
  const cnpj = unmaskCnpj(raw);
  const pattern = options.alphanumeric === false ? /^\d{14}$/ : /^[0-9A-Z]{12}\d{2}$/;
  if (!pattern.test(cnpj) || /^(.)\1{13}$/.test(cnpj)) return false;
  return cnpjCheckDigits(cnpj.slice(0, 12)) === cnpj.slice(12);
};

/** 'CNPJ inválido' or undefined. */
export const validateCnpj = (
  value: string | null | undefined,
  options: CnpjOptions = {},
): string | undefined => (isValidCnpj(value, options) ? undefined : CNPJ_INVALID_MESSAGE);

/** ##.###.###/####-## keeping upper-cased letters, applied progressively to partial input. */
export const maskCnpj = (value: string | null | undefined): string =>
  applyMask(unmaskCnpj(value).slice(0, 14), CNPJ_MASK);

export const isAlphanumericCnpj = (value: string | null | undefined): boolean =>
  /[A-Z]/.test(unmaskCnpj(value));
