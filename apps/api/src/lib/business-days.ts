import { addDays, type DateInput, fromEpochDay, toEpochDay, toIsoDate } from '@aval/domain';
import Holidays from 'date-holidays';

/**
 * The calendar of Brazilian business days (dias úteis) from a maintained library (date-holidays):
 * the national public holidays (20 November from 2024, Lei 14.759/2023) and the national bank
 * holidays (Carnival Monday and Tuesday, Corpus Christi), on which no bank, registry or registradora
 * works. Regional holidays are not counted. Due dates, SRO deadlines and every "N business days"
 * rule of domain.md read it.
 */
const calendar = new Holidays('BR', { types: ['public', 'bank'] });

export type Holiday = { date: string; name: string };

const byYear = new Map<number, Holiday[]>();

/** The national (public and bank) holidays of a year, in date order. */
export const nationalHolidays = (year: number): Holiday[] => {
  let list = byYear.get(year);
  if (!list) {
    // `date` is the local (Brasília) day, "YYYY-MM-DD hh:mm:ss".
    list = calendar
      .getHolidays(year)
      .map((h) => ({ date: h.date.slice(0, 10), name: h.name }))
      .sort((x, y) => x.date.localeCompare(y.date));
    byYear.set(year, list);
  }
  return list;
};

export const isNationalHoliday = (date: DateInput): boolean => {
  const iso = toIsoDate(date);
  return nationalHolidays(Number(iso.slice(0, 4))).some((h) => h.date === iso);
};

/** Monday to Friday and not a national holiday. */
export const isBusinessDay = (date: DateInput): boolean => {
  const epoch = toEpochDay(date);
  // 1970-01-01 was a Thursday: epoch day 0 → weekday 4.
  const weekday = (((epoch + 4) % 7) + 7) % 7;
  return weekday !== 0 && weekday !== 6 && !isNationalHoliday(fromEpochDay(epoch));
};

/**
 * The date `n` business days after `date` (the day itself does not count: an event on Friday with
 * n = 2 is due on Tuesday, or later when a holiday falls between).
 */
export const addBusinessDays = (date: DateInput, n: number): string => {
  let day = toIsoDate(date);
  let left = n;
  while (left > 0) {
    day = addDays(day, 1);
    if (isBusinessDay(day)) left--;
  }
  return day;
};

/** The day itself when it is a business day, else the next one (a due date on a Sunday moves to Monday). */
export const onOrAfterBusinessDay = (date: DateInput): string => {
  let day = toIsoDate(date);
  while (!isBusinessDay(day)) day = addDays(day, 1);
  return day;
};

/** The day itself when it is a business day, else the one before (a due date that may not pass a limit). */
export const onOrBeforeBusinessDay = (date: DateInput): string => {
  let day = toIsoDate(date);
  while (!isBusinessDay(day)) day = addDays(day, -1);
  return day;
};

/** Business days after `from` up to and including `to` (0 when `to` is not after `from`). */
export const businessDaysBetween = (from: DateInput, to: DateInput): number => {
  let n = 0;
  for (let d = toEpochDay(from) + 1; d <= toEpochDay(to); d++) if (isBusinessDay(fromEpochDay(d))) n++;
  return n;
};
