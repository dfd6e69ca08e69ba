import { addDays, type DateInput, fromEpochDay, toEpochDay, toIsoDate } from '../shared/dates.js';

/**
 * National holidays of Brazil (Lei 662/1949, 6.802/1980, 10.607/2002, 14.759/2023) and the
 * national bank holidays that move with Easter (Carnival Monday and Tuesday, Good Friday, Corpus
 * Christi), on which no bank or registry works. Regional holidays are not counted.
 */
const fixed: readonly [month: number, day: number, name: string, since?: number][] = [
  [1, 1, 'Confraternização Universal'],
  [4, 21, 'Tiradentes'],
  [5, 1, 'Dia do Trabalho'],
  [9, 7, 'Independência do Brasil'],
  [10, 12, 'Nossa Senhora Aparecida'],
  [11, 2, 'Finados'],
  [11, 15, 'Proclamação da República'],
  [11, 20, 'Dia Nacional de Zumbi e da Consciência Negra', 2024],
  [12, 25, 'Natal'],
];

/** Easter Sunday of a Gregorian year (anonymous Gregorian algorithm) as `YYYY-MM-DD`. */
export const easterSunday = (year: number): string => {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return toIsoDate({ year, month, day });
};

export type Holiday = { date: string; name: string };

/** The national holidays of a year, in date order. */
export const nationalHolidays = (year: number): Holiday[] => {
  const easter = easterSunday(year);
  const list: Holiday[] = fixed
    .filter(([, , , since]) => since === undefined || year >= since)
    .map(([month, day, name]) => ({ date: toIsoDate({ year, month, day }), name }));
  list.push(
    { date: addDays(easter, -48), name: 'Carnaval (segunda-feira)' },
    { date: addDays(easter, -47), name: 'Carnaval (terça-feira)' },
    { date: addDays(easter, -2), name: 'Sexta-feira Santa' },
    { date: addDays(easter, 60), name: 'Corpus Christi' },
  );
  return list.sort((x, y) => x.date.localeCompare(y.date));
};

const byYear = new Map<number, Set<string>>();
const holidaySet = (year: number) => {
  let set = byYear.get(year);
  if (!set) {
    set = new Set(nationalHolidays(year).map((h) => h.date));
    byYear.set(year, set);
  }
  return set;
};

export const isNationalHoliday = (date: DateInput): boolean => {
  const iso = toIsoDate(date);
  return holidaySet(Number(iso.slice(0, 4))).has(iso);
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

/** Business days after `from` up to and including `to` (0 when `to` is not after `from`). */
export const businessDaysBetween = (from: DateInput, to: DateInput): number => {
  let n = 0;
  for (let d = toEpochDay(from) + 1; d <= toEpochDay(to); d++) if (isBusinessDay(fromEpochDay(d))) n++;
  return n;
};
