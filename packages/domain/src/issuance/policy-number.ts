import { onlyDigits } from '../shared/text.js';

/**
 * Policy numbers in a SUSEP-like shape: branch (4 digits), year of issue, a sequence per company
 * and branch (7 digits) and a modulo-11 check digit over the 15 digits before it.
 * Example: `0775.2026.0000123-6`.
 */
export type PolicyNumberParts = { branchCode: string; year: number; sequence: number };

/** Modulo 11 with weights 2..9 from the right; remainders 0 and 1 give 0, else 11 − remainder. */
export const policyCheckDigit = (digits: string): number => {
  const d = onlyDigits(digits);
  if (d.length === 0) throw new RangeError('no digits');
  let sum = 0;
  let weight = 2;
  for (let i = d.length - 1; i >= 0; i--) {
    sum += Number(d[i]) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const r = sum % 11;
  return r < 2 ? 0 : 11 - r;
};

export const formatPolicyNumber = ({ branchCode, year, sequence }: PolicyNumberParts): string => {
  if (!/^\d{4}$/.test(branchCode)) throw new RangeError('branch code must have 4 digits');
  if (!Number.isInteger(year) || year < 1000 || year > 9999) throw new RangeError('year must have 4 digits');
  if (!Number.isInteger(sequence) || sequence < 1 || sequence > 9_999_999)
    throw new RangeError('sequence must be between 1 and 9999999');
  const body = `${branchCode}${year}${String(sequence).padStart(7, '0')}`;
  return `${branchCode}.${year}.${body.slice(8)}-${policyCheckDigit(body)}`;
};

/** Parts of a well-formed number whose check digit matches; undefined otherwise. */
export const parsePolicyNumber = (value: string): PolicyNumberParts | undefined => {
  const m = /^(\d{4})\.(\d{4})\.(\d{7})-(\d)$/.exec(value.trim());
  if (!m) return undefined;
  const [, branchCode, year, sequence, dv] = m;
  if (policyCheckDigit(`${branchCode}${year}${sequence}`) !== Number(dv)) return undefined;
  return { branchCode: branchCode!, year: Number(year), sequence: Number(sequence) };
};

export const isValidPolicyNumber = (value: string): boolean => parsePolicyNumber(value) !== undefined;
