import { Button, Card, Collapse, Group, Stack, Text } from '@mantine/core';
import { IconAdjustmentsHorizontal, IconFilterOff, IconSearch, IconX } from '@tabler/icons-react';
import { type ChangeEvent, type FormEvent, type ReactNode, useState } from 'react';

/** A filter in force, as a chip: which one and what it says. */
export type ActiveFilter = { key: string; label: string };

/** The filters in force as chips: each `[key, label]` whose label is set (a filter left empty has none). */
export const chipsOf = (entries: readonly (readonly [string, string | false | null | undefined])[]) =>
  entries.flatMap(([key, label]): ActiveFilter[] => (label ? [{ key, label }] : []));

/** The keys of `F` whose filter holds a `V`. */
type KeysOf<F, V> = { [K in keyof F]: F[K] extends V ? K : never }[keyof F];

/**
 * The state of a list's filters: what is typed (`draft`) and what the list shows (`applied`);
 * `bar` wires the FilterBar (Pesquisar applies the draft, Limpar and a chip's × apply at once);
 * `field` binds a filter to its input: `{...field.text('holder')}` (a TextInput),
 * `{...field.value('status')}` (a Select, a MultiSelect, a date or a masked field),
 * `{...field.check('steppin')}` (a Checkbox); `set` changes one filter of the draft.
 */
export const useListFilters = <F extends Record<string, unknown>>(empty: F, initial: F = empty) => {
  const [draft, setDraft] = useState<F>(initial);
  const [applied, setApplied] = useState<F>(initial);
  const commit = (next: F) => {
    setDraft(next);
    setApplied(next);
  };
  const set = <K extends keyof F>(key: K, value: F[K]) => setDraft((d) => ({ ...d, [key]: value }));
  return {
    draft,
    setDraft,
    set,
    applied,
    field: {
      text: (key: KeysOf<F, string>) => ({
        value: draft[key] as string,
        onChange: (e: ChangeEvent<HTMLInputElement>) => set(key, e.currentTarget.value as F[typeof key]),
      }),
      value: <K extends keyof F>(key: K) => ({ value: draft[key], onChange: (v: F[K]) => set(key, v) }),
      check: (key: KeysOf<F, boolean>) => ({
        checked: draft[key] as boolean,
        onChange: (e: ChangeEvent<HTMLInputElement>) => set(key, e.currentTarget.checked as F[typeof key]),
      }),
    },
    bar: {
      onSubmit: () => setApplied(draft),
      onClear: () => commit(empty),
      onRemove: (key: string) => commit({ ...applied, [key]: empty[key] }),
    },
  };
};

/**
 * The one filter bar of the lists: the filters people use most always shown, the others behind
 * "Mais filtros" (open by itself when one of them is in force), the filters in force as chips that
 * drop one at a time, and Pesquisar / Limpar (plus the list's own actions, e.g. the CSV export).
 * At 1280 px it takes one or two lines; on a phone the fields stack.
 */
export const FilterBar = ({
  label,
  primary,
  more,
  moreActive = false,
  active,
  onSubmit,
  onClear,
  onRemove,
  actions,
}: {
  /** The form's accessible name ("Filtros de propostas"). */
  label: string;
  primary: ReactNode;
  more?: ReactNode;
  /** Whether a filter behind "Mais filtros" is in force (the section then starts open). */
  moreActive?: boolean;
  active: ActiveFilter[];
  onSubmit: () => void;
  onClear: () => void;
  /** Drops one filter in force (its chip's ×). */
  onRemove: (key: string) => void;
  actions?: ReactNode;
}) => {
  const [open, setOpen] = useState(moreActive);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <Card withBorder component="form" onSubmit={submit} aria-label={label} p="sm">
      <Stack gap="xs">
        <Group align="flex-end" wrap="wrap" gap="sm">
          {primary}
          <Group gap="xs" wrap="wrap">
            <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />}>
              Pesquisar
            </Button>
            {more && (
              <Button
                variant="subtle"
                leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
                aria-expanded={open}
                onClick={() => setOpen((o) => !o)}
              >
                {open ? 'Menos filtros' : 'Mais filtros'}
              </Button>
            )}
            <Button variant="default" leftSection={<IconFilterOff size={16} aria-hidden />} onClick={onClear}>
              Limpar
            </Button>
            {actions}
          </Group>
        </Group>
        {more && (
          <Collapse expanded={open}>
            <Group align="flex-end" wrap="wrap" gap="sm" pt="xs">
              {more}
            </Group>
          </Collapse>
        )}
        {active.length > 0 && (
          <Group gap={6}>
            <Text size="xs" c="gray.8">
              Filtros aplicados:
            </Text>
            <Group
              component="ul"
              gap={6}
              aria-label="Filtros aplicados"
              style={{ listStyle: 'none', margin: 0, padding: 0 }}
            >
              {active.map((f) => (
                <li key={f.key}>
                  <Button
                    size="compact-xs"
                    variant="light"
                    radius="xl"
                    rightSection={<IconX size={12} aria-hidden />}
                    aria-label={`Remover o filtro ${f.label}`}
                    onClick={() => onRemove(f.key)}
                  >
                    {f.label}
                  </Button>
                </li>
              ))}
            </Group>
          </Group>
        )}
      </Stack>
    </Card>
  );
};
