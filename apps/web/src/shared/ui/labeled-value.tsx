import { Text } from '@mantine/core';

/** A read-only field of a detail view: small upper-case label over its value ('—' when empty). */
export const LabeledValue = ({ label, value }: { label: string; value: string | null | undefined }) => (
  <div>
    <Text size="xs" c="gray.7" fw={600} tt="uppercase">
      {label}
    </Text>
    <Text size="sm">{value || '—'}</Text>
  </div>
);
