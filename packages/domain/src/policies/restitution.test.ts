import { describe, expect, it } from 'vitest';
import { cancellationRestitution } from './restitution.js';

describe('cancellationRestitution', () => {
  it('should return the premium in proportion to the remaining days (worked example)', () => {
    // 365 days of cover; cancelled on 2 July: 183 days left. 1200 × 183/365 = 601.643… → 601.64.
    const r = cancellationRestitution({
      startDate: '2026-01-01',
      endDate: '2027-01-01',
      cancelDate: '2026-07-02',
      insurancePremium: '1200.00',
      comissionValue: '240.00',
      iofValue: '88.56',
    });
    expect(r).toEqual({
      totalDays: 365,
      remainingDays: 183,
      factor: '0.501370',
      unearnedPremium: '601.64',
      // 240 × 183/365 = 120.328…
      commissionReturned: '120.33',
      // 88.56 × 183/365 = 44.4013…
      iofRestitution: '44.40',
      totalRestitution: '646.04',
    });
  });

  it('should round half-up to cents at the end', () => {
    // 1000 × 1/8 = 125.00 exactly; 100.01 × 1/8 = 12.50125 → 12.50; 0.04 × 3/8 = 0.015 → 0.02.
    const base = { startDate: '2026-03-01', endDate: '2026-03-09' };
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

  it('should return everything when cancelled before the start and nothing after the end', () => {
    const p = { startDate: '2026-05-01', endDate: '2026-06-01', insurancePremium: '310.00', iofValue: '10' };
    expect(cancellationRestitution({ ...p, cancelDate: '2026-04-20' })).toMatchObject({
      remainingDays: 31,
      unearnedPremium: '310.00',
      totalRestitution: '320.00',
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
      }),
    ).toThrow(RangeError);
  });
});
