import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A label over its value (summaries of the detail, the price and the review). */
export const LabeledValue = ({
  label,
  children,
  strong,
}: {
  label: string;
  children: ReactNode;
  strong?: boolean;
}) => (
  <Stack gap={0}>
    <Text size="xs" c="gray.7">
      {label}
    </Text>
    <Text size={strong ? 'lg' : 'sm'} fw={strong ? 700 : 500}>
      {children}
    </Text>
  </Stack>
);
