import { applyMask, onlyDigits } from '../shared/text.js';
import { isValidCpfCnpj } from './cpf-cnpj.js';
import { isValidEmail } from './email.js';
import { isValidPhone } from './phone.js';

/**
 * The insurer's registry data its documents print (docs/domain.md §4, "The insurer's record"):
 * its SUSEP code, the SUSEP process of each product, the Pix key and the consumer service lines.
 * Each check returns its pt-BR message or undefined.
 */

/** The insurer's code at SUSEP (código FIP): five digits, as SUSEP lists it (`05886`). */
export const SUSEP_CODE_PATTERN = /^\d{5}$/;
export const SUSEP_CODE_INVALID_MESSAGE =
  'Código SUSEP inválido: use os 5 dígitos do registro da seguradora na SUSEP (ex.: 05886).';

export const validateSusepCode = (value: string | null | undefined): string | undefined =>
  SUSEP_CODE_PATTERN.test((value ?? '').trim()) ? undefined : SUSEP_CODE_INVALID_MESSAGE;

/** A SUSEP process number (the product's registration): `15414.600123/2021-45`. */
export const SUSEP_PROCESS_MASK = '#####.######/####-##';
export const SUSEP_PROCESS_INVALID_MESSAGE =
  'Número de processo SUSEP inválido: use o formato 15414.600123/2021-45.';

/** #####.######/####-##, applied progressively. */
export const maskSusepProcess = (value: string | null | undefined): string =>
  applyMask(onlyDigits(value).slice(0, 17), SUSEP_PROCESS_MASK);

/** 17 digits, masked or not, as the mask writes them. */
export const isValidSusepProcess = (value: string | null | undefined): boolean => {
  const raw = (value ?? '').trim();
  return /^[\d./\s-]+$/.test(raw) && onlyDigits(raw).length === 17;
};

export const validateSusepProcess = (value: string | null | undefined): string | undefined =>
  isValidSusepProcess(value) ? undefined : SUSEP_PROCESS_INVALID_MESSAGE;

/**
 * A bank's COMPE code with its check digit, as a boleto prints it beside the bank's name (341-7,
 * 001-9, 104-0): modulo 11 with weights 2 to 9 from the right; 10 and 11 become 0.
 */
export const bankCodeWithCheckDigit = (code: string): string => {
  if (!/^\d{3}$/.test(code)) throw new RangeError('a bank code has 3 digits');
  let sum = 0;
  for (let i = 0; i < 3; i += 1) sum += Number(code[2 - i]) * (i + 2);
  const digit = 11 - (sum % 11);
  return `${code}-${digit >= 10 ? 0 : digit}`;
};

export const BANK_CODE_INVALID_MESSAGE =
  'Código do banco inválido: use os 3 dígitos do código COMPE (ex.: 341).';
export const validateBankCode = (value: string | null | undefined): string | undefined =>
  /^\d{3}$/.test((value ?? '').trim()) ? undefined : BANK_CODE_INVALID_MESSAGE;

export const PIX_KEY_INVALID_MESSAGE =
  'Chave Pix inválida: use o CNPJ, um e-mail, um celular com DDI (+5511987654321) ou a chave aleatória.';

/**
 * A Pix key of the Banco Central's DICT: a CPF or CNPJ (digits, check digits verified), an
 * e-mail, a phone in E.164 (`+55` and 10 or 11 digits) or a random key (EVP, a UUID).
 */
export const isValidPixKey = (value: string | null | undefined): boolean => {
  const v = (value ?? '').trim();
  if (/^[0-9A-Z]{11}$|^[0-9A-Z]{14}$/.test(v)) return isValidCpfCnpj(v);
  if (/^\+55\d{10,11}$/.test(v)) return true;
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v)) return true;
  return v.includes('@') && v.length <= 77 && isValidEmail(v);
};

export const validatePixKey = (value: string | null | undefined): string | undefined =>
  isValidPixKey(value) ? undefined : PIX_KEY_INVALID_MESSAGE;

export const SERVICE_PHONE_INVALID_MESSAGE =
  'Telefone inválido: use 0800 123 4567, 4004-1234 ou (11) 2345-6789.';

/**
 * A consumer service line (SAC, Ouvidoria): a toll-free or shared-cost number (0800, 0300, 0500
 * and 7 digits), a capitals number (3003, 4003, 4004, 4020 and 4 digits) or a phone with area code.
 */
export const isValidServicePhone = (value: string | null | undefined): boolean => {
  const v = (value ?? '').trim();
  if (/^0[358]00[\s-]?\d{3}[\s-]?\d{4}$/.test(v)) return true;
  if (/^(?:3003|400[0-9]|4020)[\s-]?\d{4}$/.test(v)) return true;
  return isValidPhone(v);
};

export const validateServicePhone = (value: string | null | undefined): string | undefined =>
  isValidServicePhone(value) ? undefined : SERVICE_PHONE_INVALID_MESSAGE;

export const SITE_INVALID_MESSAGE = 'Site inválido: use o endereço do site, como www.seguradora.com.br.';

/** A web address as documents print it: a host name (`www.seguradora.com.br`), `https://` optional. */
export const isValidSite = (value: string | null | undefined): boolean =>
  /^(?:https?:\/\/)?(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,24}(?:\/[\w\-./~%]*)?$/i.test(
    (value ?? '').trim(),
  );

export const validateSite = (value: string | null | undefined): string | undefined =>
  isValidSite(value) ? undefined : SITE_INVALID_MESSAGE;
