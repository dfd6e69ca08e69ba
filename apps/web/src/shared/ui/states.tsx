import { Center, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export type EmptyStateProps = { title?: string; description?: ReactNode; action?: ReactNode };

/** Nothing to show yet. */
export const EmptyState = ({
  title = 'Nenhum registro encontrado',
  description,
  action,
}: EmptyStateProps) => (
  <Center py="xl">
    <Stack align="center" gap="xs" maw={420} ta="center">
      <ThemeIcon variant="light" color="gray" size={56} radius="xl" aria-hidden>
        <IconInbox size={30} />
      </ThemeIcon>
      <Text fw={600} c="dark.9">
        {title}
      </Text>
      {description && <Text c="gray.7">{description}</Text>}
      {action}
    </Stack>
  </Center>
);

export type LoadingStateProps = { rows?: number; label?: string };

/** Skeleton placeholder while data loads. */
export const LoadingState = ({ rows = 4, label = 'Carregando…' }: LoadingStateProps) => (
  <Stack gap="sm" role="status" aria-live="polite" aria-label={label}>
    <Skeleton height={28} width="40%" radius="sm" />
    {Array.from({ length: rows }, (_, i) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
      <Skeleton key={i} height={18} radius="sm" width={`${90 - i * 8}%`} />
    ))}
  </Stack>
);
