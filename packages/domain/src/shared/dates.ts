/** A calendar date without time zone. */
export type CalendarDate = { year: number; month: number; day: number };

/** A date as the app receives it: a Date, an ISO string (date-only is taken literally) or a CalendarDate. */
export type DateInput = Date | string | CalendarDate;

const MS_PER_DAY = 86_400_000;

export const isValidCalendarDate = ({ year, month, day }: CalendarDate): boolean => {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return false;
  if (month < 1 || month > 12 || day < 1) return false;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= last && year >= 1 && year <= 9999;
};

/**
 * Converts to a calendar date: `YYYY-MM-DD` strings literally (no time zone shift), other strings
 * and Dates through their local date. Throws RangeError on an invalid date.
 */
export const toCalendarDate = (input: DateInput): CalendarDate => {
  if (typeof input === 'object' && !(input instanceof Date)) {
    if (!isValidCalendarDate(input)) throw new RangeError('Invalid date');
    return input;
  }
  if (typeof input === 'string') {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(input.trim());
    if (m) {
      const date = { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
      if (!isValidCalendarDate(date)) throw new RangeError(`Invalid date: ${input}`);
      return date;
    }
  }
  const date = input instanceof Date ? input : new Date(input);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Invalid date: ${String(input)}`);
  return { year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() };
};

/** Day number since 1970-01-01 of a calendar date (UTC arithmetic, no DST effects). */
export const toEpochDay = (input: DateInput): number => {
  const { year, month, day } = toCalendarDate(input);
  return Math.round(Date.UTC(year, month - 1, day) / MS_PER_DAY);
};

export const fromEpochDay = (epochDay: number): CalendarDate => {
  const d = new Date(epochDay * MS_PER_DAY);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
};

const pad = (n: number, size = 2): string => n.toString().padStart(size, '0');

/** `YYYY-MM-DD`. */
export const toIsoDate = (input: DateInput): string => {
  const { year, month, day } = toCalendarDate(input);
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
};

/** Calendar days from `start` to `end` (negative when end is before start). */
export const daysBetween = (start: DateInput, end: DateInput): number => toEpochDay(end) - toEpochDay(start);

export const addDays = (input: DateInput, days: number): string =>
  toIsoDate(fromEpochDay(toEpochDay(input) + days));

/** The same day `years` later (29/02 becomes 28/02 in a common year). */
export const addYears = (input: DateInput, years: number): string => {
  const { year, month, day } = toCalendarDate(input);
  const last = new Date(Date.UTC(year + years, month, 0)).getUTCDate();
  return toIsoDate({ year: year + years, month, day: Math.min(day, last) });
};

/**
 * Today's calendar day in Brasília (ISO `YYYY-MM-DD`): business days, due dates, vigências and
 * retroactivity are Brazilian calendar days, not UTC ones (after 21:00 in Brasília UTC is tomorrow).
 */
export const todayInBrazil = (now = new Date()): string => {
  // The day changes on a minute's turn (Brasília's offset is whole hours): one formatting a minute.
  const minute = Math.floor(now.getTime() / 60_000);
  if (minute !== lastDay.minute) lastDay = { minute, day: brasiliaDay.format(now) };
  return lastDay.day;
};

/** The last minute `todayInBrazil` formatted, and its day (a formatting cost ~8 µs per call). */
let lastDay = { minute: Number.NaN, day: '' };

/**
 * One formatter for every call: `toLocaleDateString` with options builds a new one each time, and
 * that was 5 % of a policy search's CPU (bench/, issue 16). en-CA writes `YYYY-MM-DD`.
 */
const brasiliaDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Sao_Paulo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The instant a Brazilian calendar day starts (UTC−3; Brazil has kept no daylight saving since 2019). */
export const brazilDayStart = (day: DateInput): Date => new Date(`${toIsoDate(day)}T00:00:00-03:00`);

/** Noon of a Brazilian calendar day: the instant recorded for an act known only by its day. */
export const brazilNoon = (day: DateInput): Date => new Date(`${toIsoDate(day)}T12:00:00-03:00`);
