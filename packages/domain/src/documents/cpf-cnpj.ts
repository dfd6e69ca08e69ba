import { onlyAlphanumeric, onlyDigits } from '../shared/text.js';
import { type CnpjOptions, isValidCnpj, maskCnpj, validateCnpj } from './cnpj.js';
import { isValidCpf, maskCpf, validateCpf } from './cpf.js';

export type DocumentKind = 'CPF' | 'CNPJ';

/**
 * Spec §5: a document of 11 digits is treated as CPF, otherwise as CNPJ. The count is of digits
 * only (mask characters ignored); a value holding letters is always an (alphanumeric) CNPJ.
 */
export const documentKind = (value: string | null | undefined): DocumentKind => {
  const hasLetters = /[A-Za-z]/.test(value ?? '');
  return !hasLetters && onlyDigits(value).length === 11 ? 'CPF' : 'CNPJ';
};

export const isValidCpfCnpj = (value: string | null | undefined, options: CnpjOptions = {}): boolean =>
  documentKind(value) === 'CPF' ? isValidCpf(value) : isValidCnpj(value, options);

/** 'CPF inválido' for 11-digit input, otherwise 'CNPJ inválido', or undefined when valid. */
export const validateCpfCnpj = (
  value: string | null | undefined,
  options: CnpjOptions = {},
): string | undefined => (documentKind(value) === 'CPF' ? validateCpf(value) : validateCnpj(value, options));

/** Progressive mask: CPF while up to 11 digits and no letters, then CNPJ. */
export const maskCpfCnpj = (value: string | null | undefined): string => {
  const hasLetters = /[A-Za-z]/.test(value ?? '');
  return !hasLetters && onlyDigits(value).length <= 11 ? maskCpf(value) : maskCnpj(value);
};

/** Digits of a CPF, or the upper-cased [0-9A-Z] characters of a CNPJ. */
export const unmaskCpfCnpj = (value: string | null | undefined): string => onlyAlphanumeric(value);
