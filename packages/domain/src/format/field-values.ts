import { formatDate } from './dates.js';
import { formatMoney } from './money.js';
import { formatPercent } from './percent.js';

/** How a field's value is shown to people (pt-BR): in the change history, in a validation's inputs. */
export type FieldKind = 'text' | 'money' | 'percent' | 'bool' | 'int' | 'list' | 'date';

/** A field an owner audits: its pt-BR label, its kind, or its own way of showing a value. */
export type FieldSpec = { label: string; kind?: FieldKind; show?: (value: unknown) => string | null };

/** A plain decimal ("1234.50", -3) as stored and sent (not a pt-BR text). */
export const isPlainNumber = (value: unknown) =>
  typeof value === 'number' || (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value));

/** A value as people read it: money in R$, percentages, Sim/Não, dates DD/MM/YYYY, lists joined. */
export const displayValue = (spec: FieldSpec | undefined, value: unknown): string | null => {
  if (value === null || value === undefined || value === '') return null;
  if (spec?.show) return spec.show(value);
  const kind = spec?.kind ?? 'text';
  if (kind === 'bool' || typeof value === 'boolean') return value ? 'Sim' : 'Não';
  if (kind === 'money' && isPlainNumber(value)) return formatMoney(String(value));
  if (kind === 'percent' && isPlainNumber(value)) return formatPercent(String(value));
  if (kind === 'date' && (value instanceof Date || /^\d{4}-\d{2}-\d{2}$/.test(String(value))))
    return formatDate(value as Date | string);
  if (Array.isArray(value)) return value.join(', ');
  if (value instanceof Date) return value.toISOString();
  return String(value);
};
