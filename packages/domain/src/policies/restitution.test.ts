import { describe, expect, it } from 'vitest';
import {
  cancellationPremiumDifference,
  changePremiumDifference,
} from '../endorsements/premium-difference.js';
import { acquisitionCostPercentageOf, cancellationRestitution } from './restitution.js';

/** Worked examples of domain.md §4 "Restitution". */
describe('cancellationRestitution', () => {
  it("should return the unearned premium less the policy's acquisition cost, plus its IOF (worked example)", () => {
    // 365 days of cover; cancelled on 2 July: 183 days left. 1200 × 183/365 = 601.643… → 601.64.
    const r = cancellationRestitution({
      startDate: '2026-01-01',
      endDate: '2027-01-01',
      cancelDate: '2026-07-02',
      insurancePremium: '1200.00',
      iofValue: '88.56',
      acquisitionCostPercentage: acquisitionCostPercentageOf({
        insurancePremium: '1200.00',
        comissionValue: '240.00',
      }),
    });
    expect(r).toEqual({
      totalDays: 365,
      remainingDays: 183,
      factor: '0.501370',
      unearnedPremium: '601.64',
      // Its commission, 240 of 1200 = 20%: 20% of 601.64 = 120.328 → 120.33, kept by the insurer.
      acquisitionCostsKept: '120.33',
      // 88.56 × 183/365 = 44.4013…
      iofRestitution: '44.40',
      // 601.64 − 120.33 + 44.40
      totalRestitution: '525.71',
    });
  });

  it('should return an extra premium over its own days, not over the whole term', () => {
    // R$ 10.000 for 2025-01-01 → 2026-01-01 (365 days), 20% commission. On 2025-07-02 (183 days
    // left) an IS increase adds R$ 2.005,48 for those 183 days. Cancelled on 2025-10-01 (92 days left):
    //   issue premium 10.000 × 92/365   = 2.520,547…
    //   extra premium 2.005,48 × 92/183 = 1.008,219…
    //   unearned 3.528,77 (not 12.005,48 × 92/365 = 3.025,93, which would keep part of the extra
    //   premium for days it never covered); kept 20% = 705,75; restitution 2.823,02.
    const policy = {
      startDate: '2025-01-01',
      endDate: '2026-01-01',
      insuredAmount: '1000000',
      insurancePremium: '12005.48',
      tax: '1',
      comissionPercentage: '20',
      movements: [
        { amount: '10000', from: '2025-01-01', to: '2026-01-01' },
        { amount: '2005.48', from: '2025-07-02', to: '2026-01-01' },
      ],
    };
    const r = cancellationRestitution({
      ...policy,
      cancelDate: '2025-10-01',
      acquisitionCostPercentage: '20',
    });
    expect(r).toMatchObject({
      remainingDays: 92,
      unearnedPremium: '3528.77',
      acquisitionCostsKept: '705.75',
      totalRestitution: '2823.02',
    });
    // The endorsement that added it priced exactly those 183 days at the policy's rate.
    const increase = changePremiumDifference(
      { ...policy, insurancePremium: '10000', movements: undefined },
      { effectiveDate: '2025-07-02', insuredAmount: '1400000' },
    );
    expect(increase.extraPremium.toFixed(2)).toBe('2005.48');
    // A cancellation endorsement on the same day gives the same figure (one rule).
    const endorsement = cancellationPremiumDifference(policy, {
      effectiveDate: '2025-10-01',
      acquisitionCostPercentage: '20',
    });
    expect(endorsement.restitution.toFixed(2)).toBe(r.totalRestitution);
    expect(endorsement.acquisitionCostsKept.toFixed(2)).toBe(r.acquisitionCostsKept);
  });

  it("should take the policy's commission as its acquisition cost", () => {
    expect(acquisitionCostPercentageOf({ insurancePremium: '1000', comissionPercentage: '17.5' })).toBe(
      '17.500000',
    );
    expect(acquisitionCostPercentageOf({ insurancePremium: '1000', comissionValue: '150' })).toBe(
      '15.000000',
    );
    expect(acquisitionCostPercentageOf({ insurancePremium: '0', comissionValue: '0' })).toBe('0.000000');
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
