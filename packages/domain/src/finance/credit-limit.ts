import { Dec, type DecimalInput, roundMoney, roundRate, toDec } from '../shared/decimal.js';

/** Weights and targets of the score (credit_score_parameters). */
export type ScoreParameters = {
  marginWeight: DecimalInput;
  marginTarget: DecimalInput;
  leverageWeight: DecimalInput;
  leverageMax: DecimalInput;
  roeWeight: DecimalInput;
  roeTarget: DecimalInput;
};

/** One rating band (credit_rating_bands). */
export type RatingBand = {
  rating: string;
  minScore: DecimalInput;
  equityMultiplier: DecimalInput;
  revenueShare: DecimalInput;
  maxLimit: DecimalInput;
  rateMultiplier: DecimalInput;
  baseRate: DecimalInput;
};

export type CreditStatement = {
  revenue: DecimalInput;
  equity: DecimalInput;
  netIncome: DecimalInput;
  indebtedness: DecimalInput;
};

export type ModalityRateInput = { id: number; defaultRate: DecimalInput | null };

export type CreditResult = {
  score: string;
  rating: string;
  limit: string;
  /** Points of each indicator, for the explanation shown to the analyst. */
  points: { margin: string; leverage: string; roe: string };
  rates: { modalityId: number; rate: string }[];
};

const clamp01 = (v: Dec) => Dec.max(0, Dec.min(1, v));

/**
 * domain.md §5, with every parameter in data:
 * - margin points   = marginWeight   × clamp(netIncome / revenue / marginTarget)     (0 when revenue ≤ 0)
 * - leverage points = leverageWeight × clamp(1 − indebtedness / equity / leverageMax) (0 when equity ≤ 0)
 * - ROE points      = roeWeight      × clamp(netIncome / equity / roeTarget)          (0 when equity ≤ 0)
 * - score = sum, rounded half-up to 2 decimals; the band is the highest whose minScore ≤ score;
 * - limit = min(equity × equityMultiplier, revenue × revenueShare, maxLimit), never negative, in cents;
 * - rate per modality = (modality default rate, else band base rate) × rateMultiplier, 6 decimals.
 */
export const calculateCreditLimit = (
  statement: CreditStatement,
  params: ScoreParameters,
  bands: RatingBand[],
  modalities: ModalityRateInput[],
): CreditResult => {
  if (bands.length === 0) throw new RangeError('no rating bands');
  const revenue = toDec(statement.revenue);
  const equity = toDec(statement.equity);
  const netIncome = toDec(statement.netIncome);
  const debt = toDec(statement.indebtedness);

  const margin = revenue.gt(0)
    ? toDec(params.marginWeight).mul(clamp01(netIncome.div(revenue).div(toDec(params.marginTarget))))
    : new Dec(0);
  const leverage = equity.gt(0)
    ? toDec(params.leverageWeight).mul(
        clamp01(new Dec(1).sub(debt.div(equity).div(toDec(params.leverageMax)))),
      )
    : new Dec(0);
  const roe = equity.gt(0)
    ? toDec(params.roeWeight).mul(clamp01(netIncome.div(equity).div(toDec(params.roeTarget))))
    : new Dec(0);
  const score = margin.add(leverage).add(roe).toDecimalPlaces(2, Dec.ROUND_HALF_UP);

  const sorted = [...bands].sort((a, b) => toDec(b.minScore).cmp(toDec(a.minScore)));
  const band = sorted.find((b) => score.gte(toDec(b.minScore))) ?? sorted[sorted.length - 1]!;

  const candidates = [toDec(band.maxLimit)];
  candidates.push(equity.gt(0) ? equity.mul(toDec(band.equityMultiplier)) : new Dec(0));
  candidates.push(revenue.gt(0) ? revenue.mul(toDec(band.revenueShare)) : new Dec(0));
  const limit = roundMoney(Dec.max(0, Dec.min(...candidates)));

  return {
    score: score.toFixed(2),
    rating: band.rating,
    limit: limit.toFixed(2),
    points: {
      margin: margin.toDecimalPlaces(2, Dec.ROUND_HALF_UP).toFixed(2),
      leverage: leverage.toDecimalPlaces(2, Dec.ROUND_HALF_UP).toFixed(2),
      roe: roe.toDecimalPlaces(2, Dec.ROUND_HALF_UP).toFixed(2),
    },
    rates: modalities.map((m) => ({
      modalityId: m.id,
      rate: roundRate(toDec(m.defaultRate ?? band.baseRate).mul(toDec(band.rateMultiplier))).toFixed(6),
    })),
  };
};

/** Demo defaults of a company's formula parameters (seed). */
export const defaultScoreParameters = {
  marginWeight: '40',
  marginTarget: '0.10',
  leverageWeight: '35',
  leverageMax: '3',
  roeWeight: '25',
  roeTarget: '0.20',
} as const;

export const defaultRatingBands = [
  {
    rating: 'AA',
    minScore: '85',
    equityMultiplier: '2',
    revenueShare: '0.4',
    maxLimit: '80000000',
    rateMultiplier: '0.8',
    baseRate: '1',
  },
  {
    rating: 'A',
    minScore: '70',
    equityMultiplier: '1.5',
    revenueShare: '0.3',
    maxLimit: '50000000',
    rateMultiplier: '1',
    baseRate: '1',
  },
  {
    rating: 'B',
    minScore: '55',
    equityMultiplier: '1',
    revenueShare: '0.2',
    maxLimit: '20000000',
    rateMultiplier: '1.25',
    baseRate: '1',
  },
  {
    rating: 'C',
    minScore: '40',
    equityMultiplier: '0.5',
    revenueShare: '0.1',
    maxLimit: '5000000',
    rateMultiplier: '1.6',
    baseRate: '1',
  },
  {
    rating: 'D',
    minScore: '0',
    equityMultiplier: '0',
    revenueShare: '0',
    maxLimit: '0',
    rateMultiplier: '2.2',
    baseRate: '1',
  },
] as const;
