import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlarm, IconLayoutKanban } from '@tabler/icons-react';
import { Link } from 'react-router';
import { InlineAlert } from '../../../shared/ui/inline-alert.js';
import { EmptyState, LoadingState } from '../../../shared/ui/states.js';
import { usePipes } from '../api/kanban-api.js';

/** /kanban: the insurer's pipes with their open cards and the late ones. */
export const PipesPage = () => {
  const pipes = usePipes();
  if (pipes.isPending) return <LoadingState label="Carregando esteiras…" />;
  if (pipes.error) return <InlineAlert>{pipes.error.message}</InlineAlert>;
  if (pipes.data.length === 0) return <EmptyState title="Nenhuma esteira encontrada" />;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
      {pipes.data.map((pipe) => (
        <Card
          key={pipe.id}
          withBorder
          component={Link}
          to={`/kanban/pipe/${pipe.token}`}
          aria-label={`Esteira ${pipe.name}: ${pipe.cardCount} cards, ${pipe.lateCount} atrasados`}
          padding="lg"
        >
          <Stack gap="xs">
            <Group gap="xs">
              <IconLayoutKanban size={20} aria-hidden />
              <Title order={3} size="h4">
                {pipe.name}
              </Title>
            </Group>
            <Group gap="xs">
              <Badge variant="light" color="blue" size="lg">
                {pipe.cardCount} {pipe.cardCount === 1 ? 'card' : 'cards'}
              </Badge>
              {pipe.lateCount > 0 ? (
                <Badge
                  variant="filled"
                  color="red.8"
                  size="lg"
                  leftSection={<IconAlarm size={14} aria-hidden />}
                >
                  {pipe.lateCount} {pipe.lateCount === 1 ? 'atrasado' : 'atrasados'}
                </Badge>
              ) : (
                <Text size="sm" c="gray.7">
                  Nenhum card atrasado
                </Text>
              )}
            </Group>
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
};
