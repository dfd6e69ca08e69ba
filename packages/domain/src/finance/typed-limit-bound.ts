import { formatMoney } from '../format/money.js';
import { Dec, type DecimalInput, roundMoney, toDec } from '../shared/decimal.js';

/**
 * The insurer's multiples that bound a credit limit typed by the analyst on a limit review
 * (parameterisation_settings): at most `calculated` × the limit the formula gives and at most
 * `equity` × the holder's equity (patrimônio líquido of its latest financial statement).
 */
export type TypedLimitMultiples = { calculated: DecimalInput; equity: DecimalInput };

/**
 * Defaults (domain.md §5): 3 × the calculated limit and 2 × the equity. Two, not one, times the
 * equity: the best rating band of the demo formula already gives 2 × the equity, and the bound must
 * never refuse the formula's own figure.
 */
export const DEFAULT_TYPED_LIMIT_MULTIPLES = { calculated: '3', equity: '2' } as const;

/** What the typed limit is checked against: the formula's limit and the latest statement's equity. */
export type TypedLimitBasis = {
  /** The formula's limit now; null when it cannot be calculated (no statement or parameters). */
  calculatedLimit: DecimalInput | null;
  /** The latest financial statement's equity; null without a statement. */
  equity: DecimalInput | null;
};

export type TypedLimitBound = {
  /** The largest limit that may be typed without the override (cents), or null when unknown. */
  bound: string | null;
  byCalculated: string | null;
  byEquity: string | null;
};

const multipleText = (m: DecimalInput) => `${toDec(m).toString().replace('.', ',')}×`;

/** The bound: the lesser of multiple × calculated limit and multiple × equity (a negative equity counts as 0). */
export const typedLimitBound = (basis: TypedLimitBasis, multiples: TypedLimitMultiples): TypedLimitBound => {
  const byCalculated =
    basis.calculatedLimit === null
      ? null
      : roundMoney(toDec(basis.calculatedLimit).mul(toDec(multiples.calculated)));
  const byEquity =
    basis.equity === null ? null : roundMoney(Dec.max(0, toDec(basis.equity)).mul(toDec(multiples.equity)));
  const bound = byCalculated && byEquity ? Dec.min(byCalculated, byEquity) : null;
  return {
    bound: bound?.toFixed(2) ?? null,
    byCalculated: byCalculated?.toFixed(2) ?? null,
    byEquity: byEquity?.toFixed(2) ?? null,
  };
};

/**
 * Checks a typed limit against its bound: null when it fits, else the pt-BR reason, naming the
 * bound and how it was reached. One rule for every path that takes a typed limit.
 */
export const typedLimitAboveBound = (
  limit: DecimalInput,
  basis: TypedLimitBasis,
  multiples: TypedLimitMultiples,
): string | null => {
  const b = typedLimitBound(basis, multiples);
  const typed = formatMoney(limit);
  if (b.bound === null) {
    return `O limite informado (${typed}) não pode ser conferido com o teto da seguradora: falta o limite calculado ou o patrimônio líquido do último demonstrativo financeiro do tomador.`;
  }
  if (toDec(limit).lte(b.bound)) return null;
  return `O limite informado (${typed}) passa do teto de ${formatMoney(b.bound)}: o menor entre ${multipleText(multiples.calculated)} o limite calculado (${formatMoney(basis.calculatedLimit!)}) e ${multipleText(multiples.equity)} o patrimônio líquido (${formatMoney(basis.equity!)}).`;
};
