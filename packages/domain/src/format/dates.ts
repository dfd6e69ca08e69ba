import {
  type CalendarDate,
  type DateInput,
  isValidCalendarDate,
  toCalendarDate,
  toIsoDate,
} from '../shared/dates.js';

const pad = (n: number, size = 2): string => n.toString().padStart(size, '0');

/** Spec §9: DD/MM/YYYY. `YYYY-MM-DD` strings are taken literally, Dates by their local date. */
export const formatDate = (input: DateInput): string => {
  const { year, month, day } = toCalendarDate(input);
  return `${pad(day)}/${pad(month)}/${pad(year, 4)}`;
};

/** The one time zone of the product: every moment people read is Brasília time (domain.md §9). */
export const BRAZIL_TIME_ZONE = 'America/Sao_Paulo';

const brasilia = new Intl.DateTimeFormat('en-GB', {
  timeZone: BRAZIL_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/**
 * Spec §9: DD/MM/YYYY HH:mm:ss, in Brasília time whatever the browser's or server's zone (the
 * screens, the e-mails and the PDFs show the same clock). Strings are parsed by Date.
 */
export const formatDateTime = (input: Date | string): string => {
  const date = input instanceof Date ? input : new Date(input);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Invalid date: ${String(input)}`);
  const p = Object.fromEntries(brasilia.formatToParts(date).map((x) => [x.type, x.value]));
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}:${p.second}`;
};

/** Strict DD/MM/YYYY parse: exact shape and a real calendar date, else undefined. */
export const parseDateBr = (input: string | null | undefined): CalendarDate | undefined => {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec((input ?? '').trim());
  if (!m) return undefined;
  const date = { year: Number(m[3]), month: Number(m[2]), day: Number(m[1]) };
  return isValidCalendarDate(date) ? date : undefined;
};

/** Strict DD/MM/YYYY → `YYYY-MM-DD`, or undefined. */
export const parseDateBrToIso = (input: string | null | undefined): string | undefined => {
  const date = parseDateBr(input);
  return date ? toIsoDate(date) : undefined;
};

/** Strict DD/MM/YYYY → a local-midnight Date, or undefined. */
export const parseDateBrToDate = (input: string | null | undefined): Date | undefined => {
  const date = parseDateBr(input);
  return date ? new Date(date.year, date.month - 1, date.day) : undefined;
};

/** Strict DD/MM/YYYY HH:mm:ss → a local Date, or undefined. */
export const parseDateTimeBr = (input: string | null | undefined): Date | undefined => {
  const m = /^(\d{2}\/\d{2}\/\d{4}) (\d{2}):(\d{2}):(\d{2})$/.exec((input ?? '').trim());
  if (!m) return undefined;
  const date = parseDateBr(m[1]);
  const [h, min, s] = [Number(m[2]), Number(m[3]), Number(m[4])];
  if (!date || h > 23 || min > 59 || s > 59) return undefined;
  return new Date(date.year, date.month - 1, date.day, h, min, s);
};
