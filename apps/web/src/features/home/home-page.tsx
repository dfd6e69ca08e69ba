import { getPortalConfig } from '@aval/contracts';
import { Alert, Badge, Card, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../app/api.js';

/** Placeholder home: shows which insurer this host serves. The real shell arrives with its issue. */
export const HomePage = () => {
  const host = window.location.hostname;
  const config = useQuery({
    queryKey: ['portal-config', host],
    queryFn: () => api.call(getPortalConfig, { query: { dns: host } }),
    retry: false,
  });
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Title order={1}>Aval</Title>
        <Text size="lg">Back office de seguro garantia</Text>
        {config.isPending && <Loader aria-label="Carregando configuração" />}
        {config.isError && (
          <Alert color="red" title="Atenção!">
            {config.error.message}
          </Alert>
        )}
        {config.data && (
          <Card
            withBorder
            padding="lg"
            radius="md"
            style={{ borderTop: `4px solid ${config.data.Layout.PrimaryColor}` }}
          >
            <Group justify="space-between">
              <Title order={2} size="h3">
                {config.data.CompanyName}
              </Title>
              <Badge color={config.data.Maintenance ? '#a51d2d' : '#1b5e20'}>
                {config.data.Maintenance ? 'Em manutenção' : 'Disponível'}
              </Badge>
            </Group>
            <Text c="gray.8" mt="sm">
              Portal em construção. Endereço: {config.data.Dns}
            </Text>
          </Card>
        )}
      </Stack>
    </Container>
  );
};
