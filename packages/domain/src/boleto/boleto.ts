import { addDays, type DateInput, toEpochDay, toIsoDate } from '../shared/dates.js';
import { Dec, type DecimalInput, toDec } from '../shared/decimal.js';
import { onlyDigits } from '../shared/text.js';
import { modulo10, modulo11Boleto } from './modulo.js';

/** Day 0 of the due-date factor. */
export const DUE_DATE_BASE = '1997-10-07';
/** The day the factor restarted at 1000 (factor 9999 was 21/02/2025). */
export const DUE_DATE_RESTART = '2025-02-22';

const BASE_DAY = toEpochDay(DUE_DATE_BASE);
const CYCLE = 9000;

export const boletoMessages = {
  lineLength: 'Linha digitável inválida: deve ter 47 dígitos.',
  barcodeLength: 'Código de barras inválido: deve ter 44 dígitos.',
  fieldCheckDigit: (field: number) =>
    `Linha digitável inválida: dígito verificador do campo ${field} incorreto.`,
  generalCheckDigit: 'Dígito verificador geral inválido.',
  amountAbove: (amount: string) =>
    `O valor da parcela (${amount}) passa do máximo de um boleto (R$ 99.999.999,99).`,
} as const;

/** The most a boleto's amount field holds: 10 digits of cents (R$ 99.999.999,99). */
export const BOLETO_MAX_AMOUNT = '99999999.99';

/** Whether an amount fits a boleto's amount field (not negative, at most BOLETO_MAX_AMOUNT). */
export const fitsBoleto = (amount: DecimalInput): boolean =>
  !toDec(amount).isNegative() && !toDec(amount).greaterThan(BOLETO_MAX_AMOUNT);

/** Due date factor: days since 07/10/1997, restarting at 1000 on 22/02/2025 (and every 9000 days). */
export const dueDateFactor = (dueDate: DateInput): number => {
  const days = toEpochDay(dueDate) - BASE_DAY;
  if (days < 1000) throw new RangeError('due date before 03/07/2000 has no factor');
  return days <= 9999 ? days : 1000 + ((days - 10000) % CYCLE);
};

/** The due dates a factor stands for (one per cycle, the first three cycles) as `YYYY-MM-DD`. */
export const dueDateCandidates = (factor: number): string[] => {
  if (!Number.isInteger(factor) || factor < 1000 || factor > 9999) return [];
  return [0, 1, 2].map((k) => addDays(DUE_DATE_BASE, factor + k * CYCLE));
};

/** The due date of a factor: the cycle nearest the reference date; undefined for factor 0. */
export const dueDateFromFactor = (
  factor: number,
  referenceDate: DateInput = new Date(),
): string | undefined => {
  const candidates = dueDateCandidates(factor);
  const ref = toEpochDay(referenceDate);
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const c of candidates) {
    const distance = Math.abs(toEpochDay(c) - ref);
    if (distance < bestDistance) {
      best = c;
      bestDistance = distance;
    }
  }
  return best;
};

export type BoletoInput = {
  /** 3-digit bank code (FEBRABAN). */
  bankCode: string;
  /** Currency code; 9 is the real. */
  currencyCode?: string;
  /** Undefined for a boleto without due date (factor 0000). */
  dueDate?: DateInput;
  amount: DecimalInput;
  /** The bank's 25-digit free field. */
  freeField: string;
};

export type Boleto = {
  barcode: string;
  /** 47 digits. */
  digitableLineDigits: string;
  /** `AAAAA.AAAAA BBBBB.BBBBBB CCCCC.CCCCCC D EEEEEEEEEEEEEE`. */
  digitableLine: string;
  bankCode: string;
  currencyCode: string;
  dueDateFactor: number;
  dueDate: string | undefined;
  /** Decimal string with 2 places. */
  amount: string;
  freeField: string;
};

const amountField = (amount: DecimalInput): string => {
  const cents = toDec(amount).times(100);
  if (!cents.isInteger() || cents.isNegative() || cents.greaterThan(9_999_999_999)) {
    throw new RangeError('amount must have at most 2 decimals and fit 10 digits of cents');
  }
  return cents.toFixed(0).padStart(10, '0');
};

/** 44-digit barcode → 47-digit linha digitável (digits only). */
export const barcodeToDigitableLine = (barcode: string): string => {
  const b = onlyDigits(barcode);
  if (b.length !== 44) throw new RangeError(boletoMessages.barcodeLength);
  const free = b.slice(19);
  const f1 = b.slice(0, 4) + free.slice(0, 5);
  const f2 = free.slice(5, 15);
  const f3 = free.slice(15, 25);
  return `${f1}${modulo10(f1)}${f2}${modulo10(f2)}${f3}${modulo10(f3)}${b[4]}${b.slice(5, 19)}`;
};

/** 47-digit linha digitável → 44-digit barcode (check digits not verified). */
export const digitableLineToBarcode = (line: string): string => {
  const l = onlyDigits(line);
  if (l.length !== 47) throw new RangeError(boletoMessages.lineLength);
  return l.slice(0, 4) + l[32] + l.slice(33, 47) + l.slice(4, 9) + l.slice(10, 20) + l.slice(21, 31);
};

export const formatDigitableLine = (line: string): string => {
  const l = onlyDigits(line);
  return `${l.slice(0, 5)}.${l.slice(5, 10)} ${l.slice(10, 15)}.${l.slice(15, 21)} ${l.slice(21, 26)}.${l.slice(26, 32)} ${l[32]} ${l.slice(33)}`;
};

/** Builds barcode and linha digitável of a FEBRABAN bank boleto. */
export const buildBoleto = (input: BoletoInput): Boleto => {
  const bankCode = input.bankCode;
  const currencyCode = input.currencyCode ?? '9';
  if (!/^\d{3}$/.test(bankCode)) throw new RangeError('bankCode must have 3 digits');
  if (!/^\d$/.test(currencyCode)) throw new RangeError('currencyCode must be 1 digit');
  if (!/^\d{25}$/.test(input.freeField)) throw new RangeError('freeField must have 25 digits');
  const factor = input.dueDate === undefined ? 0 : dueDateFactor(input.dueDate);
  const amount = amountField(input.amount);
  const withoutDv = `${bankCode}${currencyCode}${factor.toString().padStart(4, '0')}${amount}${input.freeField}`;
  const dv = modulo11Boleto(withoutDv);
  const barcode = `${withoutDv.slice(0, 4)}${dv}${withoutDv.slice(4)}`;
  const digitableLineDigits = barcodeToDigitableLine(barcode);
  return {
    barcode,
    digitableLineDigits,
    digitableLine: formatDigitableLine(digitableLineDigits),
    bankCode,
    currencyCode,
    dueDateFactor: factor,
    dueDate: input.dueDate === undefined ? undefined : toIsoDate(input.dueDate),
    amount: new Dec(amount).dividedBy(100).toFixed(2),
    freeField: input.freeField,
  };
};

export type BoletoParseResult = { ok: true; value: Boleto } | { ok: false; reason: string };

const checkBarcode = (barcode: string, referenceDate: DateInput): BoletoParseResult => {
  const withoutDv = barcode.slice(0, 4) + barcode.slice(5);
  if (modulo11Boleto(withoutDv) !== Number(barcode[4]))
    return { ok: false, reason: boletoMessages.generalCheckDigit };
  const factor = Number(barcode.slice(5, 9));
  const digitableLineDigits = barcodeToDigitableLine(barcode);
  return {
    ok: true,
    value: {
      barcode,
      digitableLineDigits,
      digitableLine: formatDigitableLine(digitableLineDigits),
      bankCode: barcode.slice(0, 3),
      currencyCode: barcode.slice(3, 4),
      dueDateFactor: factor,
      dueDate: factor === 0 ? undefined : dueDateFromFactor(factor, referenceDate),
      amount: new Dec(barcode.slice(9, 19)).dividedBy(100).toFixed(2),
      freeField: barcode.slice(19),
    },
  };
};

/**
 * Parses and validates a linha digitável (mask characters ignored): the three field check digits
 * (modulo 10) and the general one (modulo 11). The due date is the factor's cycle nearest the
 * reference date (default today).
 */
export const parseDigitableLine = (
  line: string,
  options: { referenceDate?: DateInput } = {},
): BoletoParseResult => {
  const l = onlyDigits(line);
  if (l.length !== 47) return { ok: false, reason: boletoMessages.lineLength };
  const fields: [number, number, number][] = [
    [0, 9, 9],
    [10, 20, 20],
    [21, 31, 31],
  ];
  for (const [index, [start, end, dvAt]] of fields.entries()) {
    if (modulo10(l.slice(start, end)) !== Number(l[dvAt])) {
      return { ok: false, reason: boletoMessages.fieldCheckDigit(index + 1) };
    }
  }
  return checkBarcode(digitableLineToBarcode(l), options.referenceDate ?? new Date());
};

/** Parses and validates a 44-digit barcode. */
export const parseBarcode = (
  barcode: string,
  options: { referenceDate?: DateInput } = {},
): BoletoParseResult => {
  const b = onlyDigits(barcode);
  if (b.length !== 44) return { ok: false, reason: boletoMessages.barcodeLength };
  return checkBarcode(b, options.referenceDate ?? new Date());
};

export const isValidDigitableLine = (line: string): boolean => parseDigitableLine(line).ok;
