import { applyMask, onlyDigits } from '../shared/text.js';

export const CEP_MASK = '#####-###';
export const CEP_INVALID_MESSAGE = 'CEP inválido';

/** #####-###, applied progressively. */
export const maskCep = (value: string | null | undefined): string =>
  applyMask(onlyDigits(value).slice(0, 8), CEP_MASK);

export const unmaskCep = (value: string | null | undefined): string => onlyDigits(value);

export const isValidCep = (value: string | null | undefined): boolean =>
  /^\d{5}-?\d{3}$/.test((value ?? '').trim());

export const validateCep = (value: string | null | undefined): string | undefined =>
  isValidCep(value) ? undefined : CEP_INVALID_MESSAGE;
