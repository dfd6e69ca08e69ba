import { applyMask, onlyDigits } from '../shared/text.js';

export const CPF_INVALID_MESSAGE = 'CPF inválido';
export const CPF_MASK = '###.###.###-##';

const checkDigit = (digits: string): number => {
  const weightStart = digits.length + 1;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) sum += Number(digits[i]) * (weightStart - i);
  const rest = (sum * 10) % 11;
  return rest === 10 ? 0 : rest;
};

/** The two check digits of a 9-digit CPF base. */
export const cpfCheckDigits = (base: string): string => {
  if (!/^\d{9}$/.test(base)) throw new RangeError('CPF base must have 9 digits');
  const first = checkDigit(base);
  const second = checkDigit(base + first);
  return `${first}${second}`;
};

/** Spec §5: 11 digits, not all the same digit, two check digits verified (mask characters ignored). */
export const isValidCpf = (value: string | null | undefined): boolean => {
  const digits = onlyDigits(value);
  if (digits.length !== 11 || /^(\d)\1{10}$/.test(digits)) return false;
  if (/[A-Za-z]/.test(value ?? '')) return false;
  return cpfCheckDigits(digits.slice(0, 9)) === digits.slice(9);
};

/** 'CPF inválido' or undefined. */
export const validateCpf = (value: string | null | undefined): string | undefined =>
  isValidCpf(value) ? undefined : CPF_INVALID_MESSAGE;

/** ###.###.###-##, applied progressively to partial input. */
export const maskCpf = (value: string | null | undefined): string =>
  applyMask(onlyDigits(value).slice(0, 11), CPF_MASK);

export const unmaskCpf = (value: string | null | undefined): string => onlyDigits(value);
