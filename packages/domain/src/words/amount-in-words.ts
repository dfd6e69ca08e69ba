import extenso from 'extenso';
import { type DecimalInput, roundMoney, toDec } from '../shared/decimal.js';

export type Gender = 'male' | 'female';

/** A number in Portuguese words: 1234 → 'mil duzentos e trinta e quatro'; 3.14 → 'três inteiros e quatorze centésimos'. */
export const numberInWords = (value: DecimalInput, options: { gender?: Gender } = {}): string =>
  extenso(toDec(value).toFixed(), { mode: 'number', number: { gender: options.gender ?? 'male' } });

/**
 * A BRL amount in words, rounded half-up to cents:
 * 1234.56 → 'mil duzentos e trinta e quatro reais e cinquenta e seis centavos'.
 */
export const moneyInWords = (value: DecimalInput): string =>
  extenso(roundMoney(value).toFixed(2), { mode: 'currency', currency: { code: 'BRL' } });

const ordinals: Record<Gender, readonly string[]> = {
  male: ['primeiro', 'segundo', 'terceiro', 'quarto', 'quinto'],
  female: ['primeira', 'segunda', 'terceira', 'quarta', 'quinta'],
};

/** Ordinals in words: 1 → 'primeiro' / 'primeira' … 5 → 'quinto' / 'quinta' (and beyond through extenso). */
export const ordinalInWords = (value: number, options: { gender?: Gender } = {}): string => {
  const gender = options.gender ?? 'male';
  if (!Number.isInteger(value) || value < 1) throw new RangeError('ordinal must be a positive integer');
  return ordinals[gender][value - 1] ?? extenso(String(value), { number: { ordinal: true, gender } });
};
