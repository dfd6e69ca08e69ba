import { applyMask, onlyDigits } from '../shared/text.js';

export const PHONE_INVALID_MESSAGE = 'Telefone inválido';

/**
 * Spec §5: area code in parentheses, then a 4- or 5-digit prefix whose first digit is 2-8 or 9
 * followed by 1-9, a hyphen and 4 digits.
 */
export const PHONE_PATTERN = /^\(\d{2}\) ?(?:[2-8]|9[1-9])\d{3}-\d{4}$/;

export const PHONE_MASK_10 = '(##) ####-####';
export const PHONE_MASK_11 = '(##) #####-####';

/** (##) ####-#### for up to 10 digits, (##) #####-#### for 11 or more (extra digits dropped). */
export const maskPhone = (value: string | null | undefined): string => {
  const digits = onlyDigits(value);
  return digits.length <= 10
    ? applyMask(digits, PHONE_MASK_10)
    : applyMask(digits.slice(0, 11), PHONE_MASK_11);
};

export const unmaskPhone = (value: string | null | undefined): string => onlyDigits(value);

/** Tests the masked value; a bare 10- or 11-digit string is masked first. */
export const isValidPhone = (value: string | null | undefined): boolean => {
  const raw = (value ?? '').trim();
  const candidate = /^\d{10,11}$/.test(raw) ? maskPhone(raw) : raw;
  return PHONE_PATTERN.test(candidate);
};

/** 'Telefone inválido' or undefined. */
export const validatePhone = (value: string | null | undefined): string | undefined =>
  isValidPhone(value) ? undefined : PHONE_INVALID_MESSAGE;
