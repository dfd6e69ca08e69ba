import { describe, expect, it } from 'vitest';
import { dueDates } from './issuance.contract.js';

/** Worked examples of domain.md §4 "Due dates" (national holidays from the business-days calendar). */
describe('installment due dates', () => {
  it("should take the plan's days, move a weekend or holiday to the next business day and keep 30 days between", () => {
    // Issued Tuesday 01/12/2026 with a 5-day plan: Sunday 06/12 → Monday 07/12 (the boleto the bank refused).
    expect(dueDates({ issuedOn: '2026-12-01', count: 1, firstDueDays: 5 })).toEqual(['2026-12-07']);
    // A 10-day plan: Friday 11/12 stays.
    expect(dueDates({ issuedOn: '2026-12-01', count: 1, firstDueDays: 10 })).toEqual(['2026-12-11']);
    // No plan: 7 days, Tuesday 08/12.
    expect(dueDates({ issuedOn: '2026-12-01', count: 1 })).toEqual(['2026-12-08']);
    // The second falls 30 days after the first: Friday 25/12 (Christmas) → Monday 28/12.
    expect(dueDates({ issuedOn: '2026-11-18', count: 2, firstDueDays: 7 })).toEqual([
      '2026-11-25',
      '2026-12-28',
    ]);
    // Carnival 2027 (Monday 08/02 and Tuesday 09/02): → Wednesday 10/02.
    expect(dueDates({ issuedOn: '2027-02-01', count: 1, firstDueDays: 7 })).toEqual(['2027-02-10']);
  });

  it('should honour a grace period within the window, and cap the first at 80 days and at the end of the vigência', () => {
    // Grace 30 beats the plan's 5: Thursday 31/12/2026.
    expect(dueDates({ issuedOn: '2026-12-01', count: 1, firstDueDays: 5, grace: 30 })).toEqual([
      '2026-12-31',
    ]);
    // Grace 365 is capped at issue + 80: Friday 19/02/2027.
    expect(dueDates({ issuedOn: '2026-12-01', count: 1, firstDueDays: 5, grace: 365 })).toEqual([
      '2027-02-19',
    ]);
    // The vigência ends on Sunday 20/12/2026: the first is due the Friday before.
    expect(
      dueDates({ issuedOn: '2026-12-01', count: 1, firstDueDays: 5, grace: 30, endDate: '2026-12-20' }),
    ).toEqual(['2026-12-18']);
  });
});
