import type { Decimal } from 'decimal.js';
import DecimalModule from 'decimal.js';

type DecimalConstructor = typeof Decimal;

/*
 * decimal.js ships an ES module whose default export is the class, while its typings describe a
 * CommonJS module; under NodeNext the default import is typed as the module. Take the class from
 * whichever shape arrives at run time.
 */
const DecimalClass: DecimalConstructor =
  (DecimalModule as unknown as { default?: DecimalConstructor }).default ??
  (DecimalModule as unknown as DecimalConstructor);

/** A dedicated Decimal constructor: 40 significant digits, half-up rounding. */
export const Dec: DecimalConstructor = DecimalClass.clone({
  precision: 40,
  rounding: DecimalClass.ROUND_HALF_UP,
});
export type Dec = Decimal;

/** Anything a money or rate input may be: a decimal string, a number (from JSON) or a Decimal. */
export type DecimalInput = string | number | Decimal;

export const isDecimal = (value: unknown): value is Decimal => DecimalClass.isDecimal(value);

export const toDec = (value: DecimalInput): Dec => new Dec(isDecimal(value) ? value.toString() : value);

/** Rounds half-up to cents. */
export const roundMoney = (value: DecimalInput): Dec => toDec(value).toDecimalPlaces(2, Dec.ROUND_HALF_UP);

/** Rounds half-up to the 6 decimals of a numeric(9,6) rate. */
export const roundRate = (value: DecimalInput): Dec => toDec(value).toDecimalPlaces(6, Dec.ROUND_HALF_UP);

/** '1234.50': a money amount as a fixed 2-decimal string for the wire and numeric(18,2). */
export const toMoneyString = (value: DecimalInput): string => roundMoney(value).toFixed(2);

export const isDecimalString = (value: string): boolean => /^-?\d+(?:\.\d+)?$/.test(value.trim());
