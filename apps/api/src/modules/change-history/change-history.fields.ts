import { displayValue, type FieldSpec, isPlainNumber, toDec } from '@aval/domain';

// How a value is shown (FieldKind, FieldSpec, displayValue) is @aval/domain's, shared with the portal.
export { displayValue, type FieldKind, type FieldSpec } from '@aval/domain';

/** A kind of owner of a history ('Insured', 'Broker', 'Coverage'...): its label and its fields. */
export type HistoryOwnerType = {
  type: string;
  label: string;
  fields: Readonly<Record<string, FieldSpec>>;
  /** The owner record `id` of this type, optionally inside a parent scope (a modality). */
  of: (id: number, scope?: number | null) => HistoryOwner;
};

/** The record a change belongs to. */
export type HistoryOwner = { type: string; id: number; scope?: number | null };

/** One changed field with its values as shown to people (null = empty). */
export type FieldChange = { field: string; old: string | null; new: string | null };

/** The events every owner shares: creation and removal (the value is the record's name). */
export const eventFields: Readonly<Record<'Created' | 'Deleted', FieldSpec>> = {
  Created: { label: 'Inclusão' },
  Deleted: { label: 'Exclusão' },
};

export const historyOwnerType = (
  type: string,
  label: string,
  fields: Readonly<Record<string, FieldSpec>>,
): HistoryOwnerType => ({ type, label, fields, of: (id, scope = null) => ({ type, id, scope }) });

/** The value compared: numbers by value ("10.00" equals "10"), empty as null, lists and dates as text. */
export const canonicalValue = (value: unknown): string | null => {
  if (value === null || value === undefined || value === '') return null;
  if (Array.isArray(value)) return JSON.stringify(value);
  if (value instanceof Date) return value.toISOString();
  if (isPlainNumber(value)) return toDec(value as string | number).toString();
  return String(value);
};

/**
 * The fields of `after` that differ from `before` (both keyed by the owner's field names; a field
 * missing from `before` or undefined in `after` is not compared), with the values as shown.
 * `overrides` gives the shown values of fields whose text is not the value itself (a code and a name).
 */
export const diffChanges = (
  owner: Pick<HistoryOwnerType, 'fields'>,
  before: Readonly<Record<string, unknown>>,
  after: Readonly<Record<string, unknown>>,
  overrides: Readonly<Record<string, { old: string | null; new: string | null }>> = {},
): FieldChange[] => {
  const changes: FieldChange[] = [];
  for (const field of Object.keys(after)) {
    if (!(field in before) || after[field] === undefined) continue;
    if (canonicalValue(before[field]) === canonicalValue(after[field])) continue;
    const spec = owner.fields[field];
    const given = overrides[field];
    changes.push({
      field,
      old: given ? given.old : displayValue(spec, before[field]),
      new: given ? given.new : displayValue(spec, after[field]),
    });
  }
  return changes;
};

/** The label of a field of an owner type ('Inclusão' and 'Exclusão' for the events). */
export const fieldLabel = (owner: Pick<HistoryOwnerType, 'fields'> | undefined, field: string) =>
  owner?.fields[field]?.label ?? eventFields[field as keyof typeof eventFields]?.label ?? field;
