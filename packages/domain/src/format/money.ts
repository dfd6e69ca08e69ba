import { Dec, type DecimalInput, roundMoney, toDec } from '../shared/decimal.js';

/** Groups the integer part with dots: 1234567 → 1.234.567. */
const groupThousands = (digits: string): string => digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');

/** pt-BR number with fixed decimals: 1234.5 → '1.234,50'. Rounds half-up. */
export const formatDecimal = (value: DecimalInput, decimals = 2): string => {
  const d = toDec(value).toDecimalPlaces(decimals, Dec.ROUND_HALF_UP);
  const negative = d.isNegative() && !d.isZero();
  const [int = '0', frac] = d.abs().toFixed(decimals).split('.');
  return `${negative ? '-' : ''}${groupThousands(int)}${frac ? `,${frac}` : ''}`;
};

/** Spec §9: BRL, prefix R$, 2 decimals, comma decimal and dot thousands: 'R$ 1.234,56', '-R$ 10,00'. */
export const formatMoney = (value: DecimalInput): string => {
  const text = formatDecimal(value, 2);
  return text.startsWith('-') ? `-R$ ${text.slice(1)}` : `R$ ${text}`;
};

/**
 * Parses a pt-BR amount as typed or masked ('R$ 1.234,56', '1234,5', '-10', '1.000') into a
 * decimal string with the input's precision ('1234.56'). Dots are thousands separators. Returns
 * undefined for anything that is not a pt-BR number.
 */
export const parseMoney = (input: string | null | undefined): string | undefined => {
  if (input == null) return undefined;
  let text = input.replace(/[\s\u00a0]/g, '');
  let negative = false;
  if (text.startsWith('-')) {
    negative = true;
    text = text.slice(1);
  }
  text = text.replace(/^R\$/i, '');
  if (text.startsWith('-')) {
    negative = true;
    text = text.slice(1);
  }
  if (!/^(?:\d{1,3}(?:\.\d{3})+|\d+)(?:,\d+)?$/.test(text)) return undefined;
  const [int = '0', frac] = text.replace(/\./g, '').split(',');
  const value = new Dec(`${int}${frac ? `.${frac}` : ''}`);
  return (negative && !value.isZero() ? value.negated() : value).toFixed(frac ? frac.length : 0);
};

/** parseMoney as a Decimal rounded to cents. */
export const parseMoneyDecimal = (input: string | null | undefined): Dec | undefined => {
  const parsed = parseMoney(input);
  return parsed === undefined ? undefined : roundMoney(parsed);
};
