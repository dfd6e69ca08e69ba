import { parseDateBrToIso, toDec, validateCpfCnpj, validationMessages } from '@aval/domain';
import { z } from 'zod';
import { INT32_MAX, INT32_MIN } from './schemas.js';

/**
 * Field builders of every contract: one definition of money, rates, ids, texts, documents and
 * dates with their pt-BR messages. A `label` is the field's name with its article, lower case
 * ("o nome da cobertura"): "Informe o nome da cobertura.", "O nome da cobertura deve ter ...".
 */

/** Spec §5 "Numeric": the message for a value that is not a number at all. */
export const NUMERIC_MESSAGE = validationMessages.numeric;

const capital = (label: string) => `${label[0]?.toUpperCase() ?? ''}${label.slice(1)}`;

// ---------------------------------------------------------------- text

/** Required text, trimmed: "Informe {label}." when blank, "{Label} deve ter no máximo {max} caracteres.". */
export const requiredText = (label: string, max: number, { min = 1 }: { min?: number } = {}) =>
  z
    .string({ message: `Informe ${label}.` })
    .trim()
    .min(1, { message: `Informe ${label}.`, abort: true })
    .min(min, `${capital(label)} deve ter no mínimo ${min} caracteres.`)
    .max(max, `${capital(label)} deve ter no máximo ${max} caracteres.`);

/**
 * Optional text, trimmed: left out stays `undefined` (kept by a partial update), `null` or blank
 * becomes `null` (cleared).
 */
export const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${capital(label)} deve ter no máximo ${max} caracteres.`)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v ? v : null));

// ---------------------------------------------------------------- ids

/** A serial id in a body (numbers or numeric strings). */
export const id = (message = 'Identificador inválido.') =>
  z.coerce.number({ message }).int().positive(message).max(INT32_MAX, message);

/** A UniqueId (uuid). */
export const uuid = (message = 'Identificador inválido.') => z.uuid({ message });

// ---------------------------------------------------------------- numbers

type DecimalOptions = {
  /** Decimal places accepted. */
  scale: number;
  /** Digits before the decimal point (the column's precision − scale). */
  digits: number;
  /** Accept negative values (financial statements); otherwise below 0 is refused. */
  signed?: boolean;
  /** Largest value accepted (spec §5 range message). */
  max?: number;
  /** Largest absolute value accepted, with its own message (money: MONEY_MAX). */
  limit?: { value: string; message: string };
  /** Refuse 0 (and below) with this message (an importância segurada). */
  positiveMessage?: string;
};

/**
 * A decimal as a canonical string (`"1234.56"`): numbers, `"1234.56"`, `"1234,56"` and pt-BR
 * `"1.234,56"` are accepted. Spec §5: a value that is not a number gets 'Valor inválido inválido,
 * campo numérico.'; a range gets 'O valor não pode ser menor/maior que {n}'; too many decimals or
 * digits name the field.
 */
const decimal = (
  label: string,
  { scale, digits, signed = false, max, limit, positiveMessage }: DecimalOptions,
) =>
  z
    .union([z.string(), z.number()], { message: NUMERIC_MESSAGE })
    .transform((v) => {
      if (typeof v === 'number') return Number.isFinite(v) ? String(v) : '';
      const t = v.trim();
      return t.includes(',') ? t.replace(/\./g, '').replace(',', '.') : t;
    })
    .superRefine((v, ctx) => {
      const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(v);
      if (!m) {
        ctx.addIssue({ code: 'custom', message: NUMERIC_MESSAGE });
        return;
      }
      const [, sign, int = '', frac = ''] = m;
      if (sign && !signed && Number(v) !== 0) {
        ctx.addIssue({ code: 'custom', message: validationMessages.numberBelow(0) });
      } else if (max !== undefined && Number(v) > max) {
        ctx.addIssue({ code: 'custom', message: validationMessages.numberAbove(max) });
      } else if (frac.length > scale) {
        ctx.addIssue({
          code: 'custom',
          message: `${capital(label)} deve ter no máximo ${scale} casas decimais.`,
        });
      } else if (int.replace(/^0+(?=\d)/, '').length > digits) {
        ctx.addIssue({ code: 'custom', message: `${capital(label)} excede o valor máximo permitido.` });
      } else if (limit && toDec(v).abs().greaterThan(limit.value)) {
        ctx.addIssue({ code: 'custom', message: limit.message });
      } else if (positiveMessage && !toDec(v).greaterThan(0)) {
        ctx.addIssue({ code: 'custom', message: positiveMessage });
      }
    });

/**
 * The largest amount of money any input accepts: R$ 999.999.999.999,99 (just under a trillion
 * reais). It fits the numeric(18,2) columns with room for the sums and premiums computed from it
 * (the largest guarantee the business writes is far below), and stays exact as a JS number.
 * A boleto holds less (BOLETO_MAX_AMOUNT, R$ 99.999.999,99): installments are checked where a
 * boleto is booked.
 */
export const MONEY_MAX = '999999999999.99';
export const MONEY_MAX_LABEL = 'R$ 999.999.999.999,99';

/**
 * Money (numeric(18,2)): up to 2 decimals, not negative unless `signed`, at most MONEY_MAX (in
 * absolute value): "{Label} não pode passar de R$ 999.999.999.999,99.".
 */
export const money = (label = 'o valor', { signed = false }: { signed?: boolean } = {}) =>
  decimal(label, {
    scale: 2,
    digits: 16,
    signed,
    limit: { value: MONEY_MAX, message: `${capital(label)} não pode passar de ${MONEY_MAX_LABEL}.` },
  });

/**
 * An importância segurada: money above zero ("{Label} deve ser maior que zero.") and at most
 * MONEY_MAX.
 */
export const insuredAmount = (label = 'a importância segurada') =>
  decimal(label, {
    scale: 2,
    digits: 16,
    limit: { value: MONEY_MAX, message: `${capital(label)} não pode passar de ${MONEY_MAX_LABEL}.` },
    positiveMessage: `${capital(label)} deve ser maior que zero.`,
  });

/** A rate or percentage (numeric(9,6)): up to 6 decimals, 0 to `max` (100 by default). */
export const rate = (label = 'a taxa', { max = 100 }: { max?: number } = {}) =>
  decimal(label, { scale: 6, digits: 3, max });

/** A whole number in a range (spec §5 range messages); `intMessage` when it has decimals. */
export const integer = ({
  min,
  max,
  intMessage = 'Informe um número inteiro.',
}: {
  min?: number;
  max?: number;
  intMessage?: string;
} = {}) => {
  // Within PostgreSQL `integer` even when the caller sets no range.
  const low = Math.max(min ?? INT32_MIN, INT32_MIN);
  const high = Math.min(max ?? INT32_MAX, INT32_MAX);
  return z.coerce
    .number({ message: NUMERIC_MESSAGE })
    .int(intMessage)
    .min(low, validationMessages.numberBelow(low))
    .max(high, validationMessages.numberAbove(high));
};

// ---------------------------------------------------------------- documents and dates

/**
 * CPF or CNPJ (alphanumeric CNPJ accepted), masked or not; returns it unmasked, upper case.
 * Spec §5: 11 digits are a CPF ('CPF inválido'), anything else a CNPJ ('CNPJ inválido').
 */
export const cpfCnpj = (label = 'o CPF/CNPJ') =>
  z
    .string({ message: `Informe ${label}.` })
    .trim()
    .min(1, { message: `Informe ${label}.`, abort: true })
    .superRefine((v, ctx) => {
      const problem = validateCpfCnpj(v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .transform((v) => v.replace(/[^0-9A-Za-z]/g, '').toUpperCase());

/** The years a date input may fall in (every date of every call: date() below). */
export const DATE_MIN_YEAR = 1900;
export const DATE_MAX_YEAR = 2199;
export const DATE_RANGE_MESSAGE = `A data deve estar entre 01/01/${DATE_MIN_YEAR} e 31/12/${DATE_MAX_YEAR}.`;

/**
 * A calendar date as `YYYY-MM-DD`: the spec's DD/MM/YYYY (spec §9) or ISO `YYYY-MM-DD` are
 * accepted; anything else, or a day that does not exist, gets 'Data inválida.'; a year outside
 * 1900–2199 gets DATE_RANGE_MESSAGE (the services' date arithmetic and the boleto's due-date
 * factor stay within range).
 */
export const date = (message = 'Data inválida.') =>
  z
    .string({ message })
    .trim()
    .transform((v, ctx) => {
      const iso = /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : parseDateBrToIso(v);
      if (!iso || !z.iso.date().safeParse(iso).success) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      const year = Number(iso.slice(0, 4));
      if (year < DATE_MIN_YEAR || year > DATE_MAX_YEAR) {
        ctx.addIssue({ code: 'custom', message: DATE_RANGE_MESSAGE });
        return z.NEVER;
      }
      return iso;
    });
