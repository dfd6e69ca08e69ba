import { describe, expect, it } from 'vitest';
import { cancellationPremiumDifference } from '../endorsements/premium-difference.js';
import { cancellationRestitution, DEFAULT_ACQUISITION_COST_PERCENTAGE } from './restitution.js';

describe('cancellationRestitution', () => {
  it('should return the unearned premium less the acquisition costs kept, plus its IOF (worked example)', () => {
    // 365 days of cover; cancelled on 2 July: 183 days left. 1200 × 183/365 = 601.643… → 601.64.
    const r = cancellationRestitution({
      startDate: '2026-01-01',
      endDate: '2027-01-01',
      cancelDate: '2026-07-02',
      insurancePremium: '1200.00',
      comissionValue: '240.00',
      iofValue: '88.56',
      acquisitionCostPercentage: '10',
    });
    expect(r).toEqual({
      totalDays: 365,
      remainingDays: 183,
      factor: '0.501370',
      unearnedPremium: '601.64',
      // 10% of 601.64 = 60.164 → 60.16, kept by the insurer (Lei 15.040/2024 art. 6).
      acquisitionCostsKept: '60.16',
      // 240 × 183/365 = 120.328…
      commissionReturned: '120.33',
      // 88.56 × 183/365 = 44.4013…
      iofRestitution: '44.40',
      // 601.64 − 60.16 + 44.40
      totalRestitution: '585.88',
    });
  });

  it('should be the figure of a cancellation endorsement on the same day (one rule)', () => {
    // IS R$ 1.000.000 at 1% a year, 20% commission: premium 10.000, commission 2.000, no IOF (surety).
    const policy = {
      startDate: '2025-01-01',
      endDate: '2026-01-01',
      insuredAmount: '1000000',
      insurancePremium: '10000',
      tax: '1',
      comissionPercentage: '20',
      comissionValue: '2000',
      iofValue: '0',
    };
    const internal = cancellationRestitution({
      ...policy,
      cancelDate: '2025-07-02',
      acquisitionCostPercentage: DEFAULT_ACQUISITION_COST_PERCENTAGE,
    });
    const endorsement = cancellationPremiumDifference(policy, {
      effectiveDate: '2025-07-02',
      acquisitionCostPercentage: DEFAULT_ACQUISITION_COST_PERCENTAGE,
    });
    // 10.000 × 183/365 = 5.013,70; 10% kept = 501,37; 5.013,70 − 501,37 = 4.512,33.
    expect(internal).toMatchObject({
      unearnedPremium: '5013.70',
      acquisitionCostsKept: '501.37',
      commissionReturned: '1002.74',
      totalRestitution: '4512.33',
    });
    expect(endorsement.restitution.toFixed(2)).toBe(internal.totalRestitution);
    expect(endorsement.acquisitionCostsKept.toFixed(2)).toBe(internal.acquisitionCostsKept);
    expect(endorsement.commissionReturned.toFixed(2)).toBe(internal.commissionReturned);
  });

  it('should round half-up to cents at the end', () => {
    // 1000 × 1/8 = 125.00 exactly; 100.01 × 1/8 = 12.50125 → 12.50; 0.04 × 3/8 = 0.015 → 0.02.
    const base = { startDate: '2026-03-01', endDate: '2026-03-09', acquisitionCostPercentage: '0' };
    expect(
      cancellationRestitution({ ...base, cancelDate: '2026-03-08', insurancePremium: '1000' })
        .unearnedPremium,
    ).toBe('125.00');
    expect(
      cancellationRestitution({ ...base, cancelDate: '2026-03-08', insurancePremium: '100.01' })
        .unearnedPremium,
    ).toBe('12.50');
    expect(
      cancellationRestitution({ ...base, cancelDate: '2026-03-06', insurancePremium: '0.04' })
        .unearnedPremium,
    ).toBe('0.02');
  });

  it('should return everything less the costs kept when cancelled before the start and nothing after the end', () => {
    const p = {
      startDate: '2026-05-01',
      endDate: '2026-06-01',
      insurancePremium: '310.00',
      iofValue: '10',
      acquisitionCostPercentage: '10',
    };
    expect(cancellationRestitution({ ...p, cancelDate: '2026-04-20' })).toMatchObject({
      remainingDays: 31,
      unearnedPremium: '310.00',
      acquisitionCostsKept: '31.00',
      // 310 − 31 + the whole IOF 10
      totalRestitution: '289.00',
    });
    expect(cancellationRestitution({ ...p, cancelDate: '2026-05-01' }).remainingDays).toBe(31);
    expect(cancellationRestitution({ ...p, cancelDate: '2026-06-01' })).toMatchObject({
      remainingDays: 0,
      unearnedPremium: '0.00',
      totalRestitution: '0.00',
    });
    expect(cancellationRestitution({ ...p, cancelDate: '2026-08-01' }).remainingDays).toBe(0);
  });

  it('should refuse a vigência without days', () => {
    expect(() =>
      cancellationRestitution({
        startDate: '2026-05-01',
        endDate: '2026-05-01',
        cancelDate: '2026-05-01',
        insurancePremium: '1',
        acquisitionCostPercentage: '10',
      }),
    ).toThrow(RangeError);
  });
});
