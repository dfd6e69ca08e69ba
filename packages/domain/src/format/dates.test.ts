import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  brazilDayStart,
  daysBetween,
  fromEpochDay,
  toCalendarDate,
  todayInBrazil,
  toEpochDay,
  toIsoDate,
} from '../shared/dates.js';
import {
  formatDate,
  formatDateTime,
  parseDateBr,
  parseDateBrToDate,
  parseDateBrToIso,
  parseDateTimeBr,
} from './dates.js';
import { TEXT_MAX_LENGTH, truncateText } from './text.js';

describe('dates pt-BR', () => {
  it('should format DD/MM/YYYY when given ISO dates, Dates or calendar dates', () => {
    expect(formatDate('2025-02-22')).toBe('22/02/2025');
    expect(formatDate(new Date(2024, 0, 5))).toBe('05/01/2024');
    expect(formatDate({ year: 2024, month: 2, day: 29 })).toBe('29/02/2024');
    expect(formatDate('2024-03-10T15:00:00')).toBe('10/03/2024');
  });

  it('should format DD/MM/YYYY HH:mm:ss in local time', () => {
    // Brasília time (UTC-3 since 2019), whatever the machine's zone.
    expect(formatDateTime(new Date(Date.UTC(2024, 11, 31, 23, 5, 9)))).toBe('31/12/2024 20:05:09');
    expect(formatDateTime('2025-01-01T02:00:01Z')).toBe('31/12/2024 23:00:01');
    expect(formatDateTime('2024-12-31T08:00:01-03:00')).toBe('31/12/2024 08:00:01');
    expect(() => formatDateTime('nope')).toThrow(RangeError);
  });

  it('should parse DD/MM/YYYY strictly when the date is real', () => {
    expect(parseDateBr('29/02/2024')).toEqual({ year: 2024, month: 2, day: 29 });
    expect(parseDateBrToIso('22/02/2025')).toBe('2025-02-22');
    expect(parseDateBrToDate('22/02/2025')?.getDate()).toBe(22);
  });

  it('should return undefined when the shape or the date is wrong', () => {
    for (const bad of [
      '29/02/2023',
      '31/04/2024',
      '1/02/2024',
      '2024-02-01',
      '00/01/2024',
      '10/13/2024',
      '',
      'x',
    ]) {
      expect(parseDateBr(bad)).toBeUndefined();
    }
    expect(parseDateBrToIso(undefined)).toBeUndefined();
    expect(parseDateBrToDate(null)).toBeUndefined();
  });

  it('should parse DD/MM/YYYY HH:mm:ss strictly', () => {
    expect(parseDateTimeBr('31/12/2024 23:05:09')?.getHours()).toBe(23);
    expect(parseDateTimeBr('31/12/2024 24:00:00')).toBeUndefined();
    expect(parseDateTimeBr('31/12/2024')).toBeUndefined();
    expect(parseDateTimeBr('30/02/2024 10:00:00')).toBeUndefined();
  });

  it('should return the date when formatted then parsed', () => {
    fc.assert(
      fc.property(fc.integer({ min: -100_000, max: 100_000 }), (epochDay) => {
        const iso = toIsoDate(fromEpochDay(epochDay));
        expect(parseDateBrToIso(formatDate(iso))).toBe(iso);
      }),
    );
  });

  it('should count calendar days without time-zone effects', () => {
    expect(daysBetween('2025-01-01', '2026-01-01')).toBe(365);
    expect(daysBetween('2024-01-01', '2025-01-01')).toBe(366);
    expect(daysBetween('2025-03-01', '2025-02-01')).toBe(-28);
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(toEpochDay('1970-01-02')).toBe(1);
  });

  it('should throw when a date is invalid', () => {
    expect(() => toCalendarDate('2023-02-29')).toThrow(RangeError);
    expect(() => toCalendarDate('not a date')).toThrow(RangeError);
    expect(() => toCalendarDate({ year: 2023, month: 13, day: 1 })).toThrow(RangeError);
    expect(() => toCalendarDate({ year: 2023.5, month: 1, day: 1 })).toThrow(RangeError);
  });
});

describe('text limit', () => {
  it('should cut text inputs to 50 characters when longer', () => {
    expect(TEXT_MAX_LENGTH).toBe(50);
    expect(truncateText('a'.repeat(60))).toHaveLength(50);
    expect(truncateText('abc')).toBe('abc');
  });
});

describe('Brazilian calendar days', () => {
  it("should give Brasília's day, which is yesterday's UTC date until 03:00 UTC", () => {
    expect(todayInBrazil(new Date('2026-11-25T02:30:00Z'))).toBe('2026-11-24');
    expect(todayInBrazil(new Date('2026-11-25T03:00:00Z'))).toBe('2026-11-25');
    // Within a minute the day is kept; the next minute is formatted again.
    expect(todayInBrazil(new Date('2026-11-25T02:59:00Z'))).toBe('2026-11-24');
    expect(todayInBrazil(new Date('2026-11-25T02:59:59.999Z'))).toBe('2026-11-24');
    expect(todayInBrazil(new Date('2026-11-25T03:00:00.001Z'))).toBe('2026-11-25');
  });

  it("should follow Brasília's daylight saving of the years that had it, on single-digit days too", () => {
    // In December 2018 Brasília kept daylight saving (UTC−2): 02:30 UTC was already the 5th there.
    expect(todayInBrazil(new Date('2018-12-05T02:30:00Z'))).toBe('2018-12-05');
    expect(todayInBrazil(new Date('2019-07-05T02:30:00Z'))).toBe('2019-07-04');
    expect(todayInBrazil(new Date('2027-01-01T02:59:59Z'))).toBe('2026-12-31');
  });

  it('should start a Brazilian day at 03:00 UTC', () => {
    expect(brazilDayStart('2026-11-25').toISOString()).toBe('2026-11-25T03:00:00.000Z');
  });
});
