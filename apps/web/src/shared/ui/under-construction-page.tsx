import { Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { useRouteMeta } from '../../app/layout/use-route-meta.js';

/** Placeholder of a screen that arrives with a later issue; the route, guard and layout are real. */
export const UnderConstructionPage = () => {
  const meta = useRouteMeta();
  const title = meta?.title ?? 'Página';
  const framed = meta?.access === 'public' || meta?.access === 'any';
  return (
    <Card withBorder radius="md" padding="xl" data-testid="under-construction">
      <Group align="flex-start" wrap="nowrap" gap="lg">
        <ThemeIcon size={56} radius="xl" variant="light" color="brand" aria-hidden>
          <IconTools size={30} />
        </ThemeIcon>
        <Stack gap={6}>
          {framed ? (
            <Title order={1} size="h3">
              {title}
            </Title>
          ) : (
            <Title order={2} size="h3">
              Em construção
            </Title>
          )}
          {framed && <Text fw={600}>Em construção</Text>}
          <Text>
            A tela <strong>{title}</strong> está em construção e ficará disponível em breve.
          </Text>
          {meta?.description && <Text c="gray.7">{meta.description}</Text>}
        </Stack>
      </Group>
    </Card>
  );
};
