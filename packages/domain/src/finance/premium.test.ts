import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../shared/dates.js';
import { Dec } from '../shared/decimal.js';
import { defaultIofRates, iofRateFor, iofValue } from './iof.js';
import {
  allowedCommissionRange,
  calculateFinancials,
  commercialRate,
  commissionFromPremium,
  commissionValue,
  deadlineDays,
  type FinancialInput,
  netPremium,
  premiumFromCommission,
  premiumFromRate,
  pureRate,
  validateCommissionRange,
} from './premium.js';

const base: FinancialInput = {
  startDate: '2025-01-01',
  endDate: '2026-01-01',
  insuredAmount: '1000000',
  rate: '1',
  comissionPercentage: '20',
  minInsurancePremium: '500',
};

const ok = (input: FinancialInput) => {
  const result = calculateFinancials(input);
  if (!result.ok) throw new Error(result.errors.join('; '));
  return result.value;
};

describe('formula pieces', () => {
  it('should count deadline days from start to end date', () => {
    expect(deadlineDays('2025-01-01', '2026-01-01')).toBe(365);
    expect(deadlineDays('2025-01-01', '2025-01-31')).toBe(30);
  });

  it('should load the rate with special loading and loss history percentages', () => {
    expect(pureRate({ rate: '1.2' }).toString()).toBe('1.2');
    expect(pureRate({ rate: '1', specialLoading: '10', lossHistory: '5' }).toString()).toBe('1.15');
    expect(pureRate({ rate: 2, specialLoading: null, lossHistory: 50 }).toString()).toBe('3');
  });

  it('should compute net premium as IS × rate/100 × days/365 rounded half-up to cents', () => {
    expect(netPremium('1000000', '1', 365).toFixed(2)).toBe('10000.00');
    expect(netPremium('100000', '0.5', 180).toFixed(2)).toBe('246.58');
    expect(netPremium('1', '0.5', 365).toFixed(2)).toBe('0.01');
  });

  it('should gross the net premium up by the commission and respect the minimum premium', () => {
    expect(premiumFromCommission('10000', '20').toFixed(2)).toBe('12500.00');
    expect(premiumFromCommission('100', '20', '500').toFixed(2)).toBe('500.00');
    expect(() => premiumFromCommission('100', '100')).toThrow(RangeError);
    expect(commissionValue('12500', '20').toFixed(2)).toBe('2500.00');
    expect(commercialRate('12500', '1000000', 365).toString()).toBe('1.25');
    expect(commercialRate('12500', '1000000', 0).toString()).toBe('0');
    expect(premiumFromRate('1000000', '1.25', 365).toFixed(2)).toBe('12500.00');
    expect(commissionFromPremium('10000', '12500').toString()).toBe('20');
    expect(commissionFromPremium('10000', '0').toString()).toBe('0');
  });

  it('should intersect the modality and broker commission ranges', () => {
    const range = allowedCommissionRange({ min: 5, max: 30 }, undefined, { min: '10', max: '25' });
    expect([range.min.toString(), range.max.toString()]).toEqual(['10', '25']);
    const all = allowedCommissionRange();
    expect([all.min.toString(), all.max.toString()]).toEqual(['0', '100']);
  });

  it('should explain in pt-BR when a commission is outside the allowed range', () => {
    expect(validateCommissionRange('30', { min: 10, max: 25 })).toBe(
      'O percentual de comissão 30,00% está fora do intervalo permitido, de 10,00% a 25,00%.',
    );
    expect(validateCommissionRange('20', { min: 10, max: 25 })).toBeUndefined();
    expect(validateCommissionRange('20', { min: 30, max: 25 })).toBe(
      'Não há percentual de comissão permitido para esta modalidade e corretor.',
    );
  });
});

describe('IOF by branch', () => {
  it('should be 0% for surety and 7.38% for property branches by default', () => {
    expect(iofRateFor('0775')?.toString()).toBe('0');
    expect(iofRateFor('0776')?.toString()).toBe('0');
    expect(iofRateFor('NamedRisk')?.toString()).toBe('7.38');
    expect(iofRateFor('RC')?.toString()).toBe('7.38');
    expect(iofRateFor('9999')).toBeUndefined();
    expect(iofRateFor('X', { X: '2' })?.toString()).toBe('2');
    expect(Object.keys(defaultIofRates)).toHaveLength(4);
    expect(iofValue('1000', '7.38').toFixed(2)).toBe('73.80');
  });
});

describe('calculateFinancials', () => {
  it('should price by commission percentage when in the default mode', () => {
    const r = ok(base);
    expect(r.deadlineDays).toBe(365);
    expect(r.netPremium.toFixed(2)).toBe('10000.00');
    expect(r.insurancePremium.toFixed(2)).toBe('12500.00');
    expect(r.comissionValue.toFixed(2)).toBe('2500.00');
    expect(r.tax.toString()).toBe('1.25');
    expect(r.iofValue.toFixed(2)).toBe('0.00');
    expect(r.minimumApplied).toBe(false);
  });

  it('should price by risk rate and solve the commission when CalculatePerRiskRate is on', () => {
    const r = ok({ ...base, calculatePerRiskRate: true, tax: '1.25', comissionPercentage: undefined });
    expect(r.insurancePremium.toFixed(2)).toBe('12500.00');
    expect(r.comissionPercentage.toString()).toBe('20');
    expect(r.comissionValue.toFixed(2)).toBe('2500.00');
  });

  it('should apply the minimum premium when the computed premium is lower', () => {
    const r = ok({ ...base, insuredAmount: '10000', minInsurancePremium: '500' });
    expect(r.insurancePremium.toFixed(2)).toBe('500.00');
    expect(r.minimumApplied).toBe(true);
    expect(r.comissionValue.toFixed(2)).toBe('100.00');
    const byRate = ok({ ...base, insuredAmount: '10000', calculatePerRiskRate: true, tax: '1' });
    expect(byRate.insurancePremium.toFixed(2)).toBe('500.00');
    expect(byRate.comissionPercentage.toString()).toBe('80');
  });

  it('should add IOF of the branch when a branch is given', () => {
    const r = ok({ ...base, branch: 'NamedRisk' });
    expect(r.iofRate.toString()).toBe('7.38');
    expect(r.iofValue.toFixed(2)).toBe('922.50');
    expect(r.totalPremium.toFixed(2)).toBe('13422.50');
    expect(ok({ ...base, branch: '0775' }).iofValue.toFixed(2)).toBe('0.00');
  });

  it('should reject a commission outside the allowed range in both modes', () => {
    expect(calculateFinancials({ ...base, commissionRanges: [{ min: 0, max: 15 }] })).toEqual({
      ok: false,
      errors: ['O percentual de comissão 20,00% está fora do intervalo permitido, de 0,00% a 15,00%.'],
    });
    expect(
      calculateFinancials({
        ...base,
        calculatePerRiskRate: true,
        tax: '0.9',
        commissionRanges: [{ min: 0, max: 30 }],
      }),
    ).toEqual({
      ok: false,
      errors: ['O percentual de comissão -11,11% está fora do intervalo permitido, de 0,00% a 30,00%.'],
    });
    expect(calculateFinancials({ ...base, comissionPercentage: '100' })).toEqual({
      ok: false,
      errors: ['O percentual de comissão deve ser menor que 100%.'],
    });
  });

  it('should list every input problem in pt-BR when the input is incomplete', () => {
    expect(
      calculateFinancials({
        ...base,
        endDate: '2025-01-01',
        insuredAmount: 0,
        comissionPercentage: null,
        branch: 'XYZ',
      }),
    ).toEqual({
      ok: false,
      errors: [
        'A data de fim de vigência deve ser posterior à data de início.',
        'A importância segurada deve ser maior que zero.',
        'Informe o percentual de comissão.',
        'Não há alíquota de IOF cadastrada para o ramo XYZ.',
      ],
    });
    expect(calculateFinancials({ ...base, calculatePerRiskRate: true, tax: null })).toEqual({
      ok: false,
      errors: ['Informe a taxa.'],
    });
    expect(calculateFinancials({ ...base, calculatePerRiskRate: true, tax: '0' })).toEqual({
      ok: false,
      errors: ['A taxa deve ser maior que zero.'],
    });
  });
});

const money = (max: number) =>
  fc.integer({ min: 100_000, max: max * 100 }).map((cents) => new Dec(cents).dividedBy(100).toFixed(2));
const rate = fc.integer({ min: 10, max: 500 }).map((h) => new Dec(h).dividedBy(100).toString());
const percent = (max: number) =>
  fc.integer({ min: 0, max: max * 100 }).map((h) => new Dec(h).dividedBy(100).toString());

describe('financial engine properties', () => {
  it('should never price below the minimum premium in either mode', () => {
    fc.assert(
      fc.property(
        money(50_000_000),
        rate,
        fc.integer({ min: 1, max: 3650 }),
        percent(60),
        money(20_000),
        fc.boolean(),
        (insuredAmount, r, days, c, min, byRate) => {
          const result = calculateFinancials({
            startDate: '2025-01-01',
            endDate: addDays('2025-01-01', days),
            insuredAmount,
            rate: r,
            comissionPercentage: c,
            minInsurancePremium: min,
            calculatePerRiskRate: byRate,
            tax: byRate ? new Dec(r).times(2).toString() : undefined,
            commissionRanges: [{ min: -1000, max: 100 }],
          });
          expect(result.ok).toBe(true);
          if (result.ok) expect(result.value.insurancePremium.greaterThanOrEqualTo(min)).toBe(true);
        },
      ),
    );
  });

  it('should round-trip commission → risk rate → commission within a cent', () => {
    fc.assert(
      fc.property(
        money(500_000),
        rate,
        fc.integer({ min: 1, max: 730 }),
        percent(40),
        money(2_000),
        (insuredAmount, r, days, c, min) => {
          const common = {
            startDate: '2025-01-01',
            endDate: addDays('2025-01-01', days),
            insuredAmount,
            rate: r,
            minInsurancePremium: min,
          };
          const byCommission = ok({ ...common, comissionPercentage: c });
          const byRate = ok({ ...common, calculatePerRiskRate: true, tax: byCommission.tax });
          expect(
            byRate.insurancePremium.minus(byCommission.insurancePremium).abs().lessThanOrEqualTo('0.01'),
          ).toBe(true);
          // With the minimum premium in force the commission absorbs the difference, so only the
          // premium round-trips; otherwise commission value and the way back do too.
          if (byCommission.minimumApplied) return;
          expect(
            byRate.comissionValue.minus(byCommission.comissionValue).abs().lessThanOrEqualTo('0.01'),
          ).toBe(true);
          const back = ok({ ...common, comissionPercentage: byRate.comissionPercentage });
          expect(back.insurancePremium.minus(byRate.insurancePremium).abs().lessThanOrEqualTo('0.01')).toBe(
            true,
          );
        },
      ),
    );
  });
});
