import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A list's cell naming a person or a company: the name in bold and, under it, what tells it apart
 * (its CPF/CNPJ, e-mail or trade name); `nowrap` keeps that line whole (a document).
 */
export const NameCell = ({
  name,
  detail,
  nowrap = false,
}: {
  name: ReactNode;
  detail?: ReactNode;
  nowrap?: boolean;
}) => (
  <Stack gap={0}>
    <Text size="sm" fw={600}>
      {name}
    </Text>
    {detail && (
      <Text size="xs" c="gray.7" style={nowrap ? { whiteSpace: 'nowrap' } : undefined}>
        {detail}
      </Text>
    )}
  </Stack>
);
