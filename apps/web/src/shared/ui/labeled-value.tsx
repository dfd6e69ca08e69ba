import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A read-only field: small upper-case label over its value as text ('—' when empty). Screens show
 * what the user cannot change this way, never as a disabled or read-only input that looks editable.
 */
export const LabeledValue = ({
  label,
  value,
  children,
  strong,
}: {
  label: string;
  value?: string | null;
  children?: ReactNode;
  strong?: boolean;
}) => {
  const shown = children ?? value;
  return (
    <div>
      <Text size="xs" c="gray.7" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size={strong ? 'lg' : 'sm'} fw={strong ? 700 : undefined}>
        {shown === null || shown === undefined || shown === '' ? '—' : shown}
      </Text>
    </div>
  );
};
