import { type Dec, type DecimalInput, toDec } from '../shared/decimal.js';
import { formatDecimal } from './money.js';

/**
 * Spec §9: percentages with 2 decimals. The value is in percent points: 12.345 → '12,35%'.
 */
export const formatPercent = (value: DecimalInput, decimals = 2): string =>
  `${formatDecimal(value, decimals)}%`;

/** Spec §9: a rate shown as percent is value/100 (what a `style: percent` formatter expects). */
export const percentToFraction = (value: DecimalInput): Dec => toDec(value).dividedBy(100);

export const fractionToPercent = (value: DecimalInput): Dec => toDec(value).times(100);

/** '12,35%', '12,35', '1.234,5 %' → '12.35' / '1234.5'; undefined when not a pt-BR number. */
export const parsePercent = (input: string | null | undefined): string | undefined => {
  if (input == null) return undefined;
  const text = input.replace(/[\s\u00a0%]/g, '');
  const m = /^(-?)((?:\d{1,3}(?:\.\d{3})+|\d+))(?:,(\d+))?$/.exec(text);
  if (!m) return undefined;
  const int = (m[2] as string).replace(/\./g, '');
  const frac = m[3];
  return toDec(`${m[1]}${int}${frac ? `.${frac}` : ''}`).toFixed(frac ? frac.length : 0);
};
