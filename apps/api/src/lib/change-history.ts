/** The fields that changed between two versions of a record, with pt-BR labels and text values. */
export type FieldChange = { field: string; label: string; oldValue: string | null; newValue: string | null };

const text = (v: unknown): string | null => {
  if (v === null || v === undefined || v === '') return null;
  if (typeof v === 'boolean') return v ? 'Sim' : 'Não';
  if (v instanceof Date) return v.toISOString();
  return String(v);
};

export const diffFields = <T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
  labels: Partial<Record<keyof T & string, string>>,
): FieldChange[] => {
  const changes: FieldChange[] = [];
  for (const [field, label] of Object.entries(labels) as [keyof T & string, string][]) {
    if (!(field in after)) continue;
    const oldValue = text(before[field]);
    const newValue = text(after[field]);
    if (oldValue !== newValue) changes.push({ field, label, oldValue, newValue });
  }
  return changes;
};
