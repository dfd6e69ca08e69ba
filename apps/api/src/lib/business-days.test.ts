import { describe, expect, it } from 'vitest';
import {
  addBusinessDays,
  businessDaysBetween,
  isBusinessDay,
  isNationalHoliday,
  nationalHolidays,
  onOrAfterBusinessDay,
  onOrBeforeBusinessDay,
} from './business-days.js';

describe('national holidays and business days', () => {
  it('should list the fixed and the Easter-bound holidays of 2026 (elections fall on Sundays)', () => {
    const dates = nationalHolidays(2026)
      .filter((h) => !h.name.includes('Eleição'))
      .map((h) => h.date);
    expect(dates).toEqual([
      '2026-01-01',
      '2026-02-16',
      '2026-02-17',
      '2026-04-03',
      '2026-04-21',
      '2026-05-01',
      '2026-06-04',
      '2026-09-07',
      '2026-10-12',
      '2026-11-02',
      '2026-11-15',
      '2026-11-20',
      '2026-12-25',
    ]);
  });

  it('should count 20 November only from 2024 (Lei 14.759/2023)', () => {
    expect(isNationalHoliday('2023-11-20')).toBe(false);
    expect(isNationalHoliday('2024-11-20')).toBe(true);
  });

  it('should skip weekends and holidays when adding business days', () => {
    expect(isBusinessDay('2026-11-23')).toBe(true); // Monday
    expect(isBusinessDay('2026-11-21')).toBe(false); // Saturday
    expect(addBusinessDays('2026-11-23', 2)).toBe('2026-11-25'); // Monday → Wednesday
    expect(addBusinessDays('2026-11-27', 2)).toBe('2026-12-01'); // Friday → Tuesday
    // Thursday 19/11/2026, Friday 20/11 is a holiday: → Monday 23, Tuesday 24
    expect(addBusinessDays('2026-11-19', 2)).toBe('2026-11-24');
    // Carnival 2026: Friday 13/02 → Wednesday 18, Thursday 19
    expect(addBusinessDays('2026-02-13', 2)).toBe('2026-02-19');
    // Christmas and New Year: Wednesday 24/12/2025 → Friday 26, Monday 29
    expect(addBusinessDays('2025-12-24', 2)).toBe('2025-12-29');
    expect(businessDaysBetween('2026-11-19', '2026-11-24')).toBe(2);
    expect(businessDaysBetween('2026-11-24', '2026-11-19')).toBe(0);
  });

  it('should move a date to a business day, forward or back', () => {
    expect(onOrAfterBusinessDay('2026-12-06')).toBe('2026-12-07'); // Sunday → Monday
    expect(onOrAfterBusinessDay('2026-12-07')).toBe('2026-12-07');
    expect(onOrAfterBusinessDay('2026-02-14')).toBe('2026-02-18'); // Saturday before Carnival → Ash Wednesday
    expect(onOrBeforeBusinessDay('2026-12-25')).toBe('2026-12-24'); // Christmas (Friday) → Thursday
    expect(onOrBeforeBusinessDay('2027-01-03')).toBe('2026-12-31'); // Sunday → Thursday (1 January a holiday)
  });
});
