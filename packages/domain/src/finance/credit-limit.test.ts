import { describe, expect, it } from 'vitest';
import { calculateCreditLimit, defaultRatingBands, defaultScoreParameters } from './credit-limit.js';

const params = defaultScoreParameters;
const bands = [...defaultRatingBands];
const mods = [
  { id: 1, defaultRate: '1.2' },
  { id: 2, defaultRate: null },
];

describe('calculateCreditLimit (domain.md §5, parameters in data)', () => {
  it('should rate A and cap the limit by equity and revenue when margin 8%, leverage 0.8 and ROE 40%', () => {
    // margin 4M/50M = 0.08 → 0.08/0.10 × 40 = 32
    // leverage 8M/10M = 0.8 → (1 − 0.8/3) × 35 = 25.6667
    // ROE 4M/10M = 0.4 → capped at 1 × 25 = 25          score 82.67 → band A (≥ 70)
    // limit = min(10M × 1.5, 50M × 0.30, 50M) = 15,000,000.00; rates = default × 1.0 (or base 1)
    const r = calculateCreditLimit(
      { revenue: '50000000', equity: '10000000', netIncome: '4000000', indebtedness: '8000000' },
      params,
      bands,
      mods,
    );
    expect(r).toEqual({
      score: '82.67',
      rating: 'A',
      limit: '15000000.00',
      points: { margin: '32.00', leverage: '25.67', roe: '25.00' },
      rates: [
        { modalityId: 1, rate: '1.200000' },
        { modalityId: 2, rate: '1.000000' },
      ],
    });
  });

  it('should rate AA and take the equity cap when every indicator is strong', () => {
    // margin 0.15 → 40; leverage 0.25 → (1 − 0.0833) × 35 = 32.08; ROE 0.375 → 25 → 97.08
    // limit = min(40M × 2, 100M × 0.4, 80M) = 40,000,000.00; rate 1.2 × 0.8 = 0.96
    const r = calculateCreditLimit(
      { revenue: '100000000', equity: '40000000', netIncome: '15000000', indebtedness: '10000000' },
      params,
      bands,
      mods,
    );
    expect([r.score, r.rating, r.limit]).toEqual(['97.08', 'AA', '40000000.00']);
    expect(r.rates[0]).toEqual({ modalityId: 1, rate: '0.960000' });
    expect(r.rates[1]).toEqual({ modalityId: 2, rate: '0.800000' });
  });

  it('should take the revenue cap and raise the rate when the rating is B', () => {
    // margin 0.06 → 24; leverage 1.0 → (1 − 1/3) × 35 = 23.33; ROE 0.075 → 9.375 → 56.71 → B
    // limit = min(8M × 1, 10M × 0.2, 20M) = 2,000,000.00; rate 0.85 × 1.25 = 1.0625
    const r = calculateCreditLimit(
      { revenue: '10000000', equity: '8000000', netIncome: '600000', indebtedness: '8000000' },
      params,
      bands,
      [{ id: 7, defaultRate: '0.85' }],
    );
    expect([r.score, r.rating, r.limit]).toEqual(['56.71', 'B', '2000000.00']);
    expect(r.rates).toEqual([{ modalityId: 7, rate: '1.062500' }]);
  });

  it('should give rating D and no limit when the score is low', () => {
    // margin 0.01 → 4; leverage 2.5 → (1 − 0.8333) × 35 = 5.83; ROE 0.1 → 12.5 → 22.33 → D
    const r = calculateCreditLimit(
      { revenue: '20000000', equity: '2000000', netIncome: '200000', indebtedness: '5000000' },
      params,
      bands,
      [{ id: 3, defaultRate: '2' }],
    );
    expect([r.score, r.rating, r.limit]).toEqual(['22.33', 'D', '0.00']);
    expect(r.rates).toEqual([{ modalityId: 3, rate: '4.400000' }]);
  });

  it('should score zero and give no limit when equity is negative and there is a loss', () => {
    const r = calculateCreditLimit(
      { revenue: '5000000', equity: '-1000000', netIncome: '-500000', indebtedness: '3000000' },
      params,
      bands,
      [],
    );
    expect([r.score, r.rating, r.limit]).toEqual(['0.00', 'D', '0.00']);
  });

  it('should use the bands in data whatever their order when a company changes them', () => {
    const custom = [
      {
        rating: 'Baixo',
        minScore: '0',
        equityMultiplier: '0.1',
        revenueShare: '1',
        maxLimit: '1000',
        rateMultiplier: '3',
        baseRate: '2',
      },
      {
        rating: 'Alto',
        minScore: '50',
        equityMultiplier: '1',
        revenueShare: '1',
        maxLimit: '999999999',
        rateMultiplier: '1',
        baseRate: '1',
      },
    ];
    const r = calculateCreditLimit(
      { revenue: '50000000', equity: '10000000', netIncome: '4000000', indebtedness: '8000000' },
      params,
      custom,
      [{ id: 1, defaultRate: null }],
    );
    expect([r.rating, r.limit, r.rates[0]?.rate]).toEqual(['Alto', '10000000.00', '1.000000']);
  });
});
