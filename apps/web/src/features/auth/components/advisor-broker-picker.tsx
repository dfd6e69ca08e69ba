import { type BrokerSummary, getSearchBrokers, maskCpfCnpj } from '@aval/contracts';
import { Alert, Button, Card, Group, Pagination, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertCircle, IconSearch, IconUserShare } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../../app/api.js';
import { actAsBroker } from '../../../app/session/session.js';
import { openErrorFrom } from '../../../shared/ui/feedback-modals.js';
import { EmptyState, LoadingState } from '../../../shared/ui/states.js';
import { type Tone, ToneBadge } from '../../../shared/ui/tone-badge.js';
import { authKeys } from '../api/auth-keys.js';

const ROWS = 10;

const statusTone: Record<BrokerSummary['StatusKey'], Tone> = {
  active: 'success',
  pending: 'warning',
  blocked: 'danger',
  inactive: 'neutral',
};

/**
 * An advisor starts acting as one of the broker users they advise: the tokens of the new
 * identity replace the session's (the advisor's are kept for the way back), the user info is
 * reloaded and every cached query of the previous identity is dropped.
 */
export const useActAsBroker = (options: { redirectTo?: string | false } = {}) => {
  const navigate = useNavigate();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (brokerUserId: number) => actAsBroker(brokerUserId),
    onSuccess: async () => {
      client.clear();
      if (options.redirectTo !== false) await navigate(options.redirectTo ?? '/redirect-to-home');
    },
    onError: openErrorFrom,
  });
};

export type AdvisorBrokerPickerProps = {
  /** Where to go after switching (default /redirect-to-home); false: stay. */
  redirectTo?: string | false;
};

/** The brokerages an advisor advises, each with the broker users they may act as. */
export const AdvisorBrokerPicker = ({ redirectTo }: AdvisorBrokerPickerProps) => {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 350);
  const [page, setPage] = useState(1);
  const brokers = useQuery({
    queryKey: [...authKeys.advisorBrokers(debounced), page],
    queryFn: () =>
      api.call(getSearchBrokers, {
        query: { searchValue: debounced || undefined, currentPage: page, rowsPerPage: ROWS },
      }),
    placeholderData: keepPreviousData,
  });
  const act = useActAsBroker({ redirectTo });
  const pages = Math.max(1, Math.ceil((brokers.data?.Total ?? 0) / ROWS));

  return (
    <Stack gap="md" data-testid="advisor-broker-picker">
      <TextInput
        label="Buscar corretora"
        placeholder="Nome, CNPJ ou SUSEP"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
        }}
        maxLength={50}
      />
      {brokers.isPending && <LoadingState rows={3} label="Carregando corretoras…" />}
      {brokers.isError && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden />} role="alert">
          <Text size="sm" c="black">
            {brokers.error.message}
          </Text>
        </Alert>
      )}
      {brokers.data && brokers.data.Data.length === 0 && (
        <EmptyState
          title="Nenhuma corretora encontrada"
          description={
            debounced ? 'Tente outra busca.' : 'Você ainda não assessora nenhuma corretora nesta seguradora.'
          }
        />
      )}
      {brokers.data?.Data.map((broker) => {
        return (
          <Card key={broker.Id} withBorder radius="md" padding="md" data-testid="advised-broker">
            <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
              <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
                <Text fw={600}>{broker.TradeName || broker.Name}</Text>
                <Text size="sm" c="gray.7">
                  {broker.Name !== (broker.TradeName || broker.Name) ? `${broker.Name} · ` : ''}CNPJ{' '}
                  {maskCpfCnpj(broker.CpfCnpj)}
                  {broker.SUSEPProtocol ? ` · SUSEP ${broker.SUSEPProtocol}` : ''}
                </Text>
              </Stack>
              <ToneBadge tone={statusTone[broker.StatusKey]}>{broker.StatusName}</ToneBadge>
            </Group>
            <Stack gap="xs" mt="sm">
              {broker.AdvisedUsers.length === 0 && (
                <Text size="sm" c="gray.7">
                  Nenhum corretor desta corretora está na sua assessoria.
                </Text>
              )}
              {broker.AdvisedUsers.map((u) => (
                <Group key={u.UserId} justify="space-between" wrap="nowrap" gap="sm">
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text size="sm" fw={500} truncate>
                      {u.Name}
                    </Text>
                    <Text size="xs" c="gray.7" truncate>
                      {u.Username}
                    </Text>
                  </Stack>
                  <Button
                    size="xs"
                    variant="light"
                    leftSection={<IconUserShare size={16} aria-hidden />}
                    loading={act.isPending && act.variables === u.UserId}
                    disabled={act.isPending && act.variables !== u.UserId}
                    onClick={() => act.mutate(u.UserId)}
                    aria-label={`Atuar como corretor: ${u.Name}`}
                  >
                    Atuar como corretor
                  </Button>
                </Group>
              ))}
            </Stack>
          </Card>
        );
      })}
      {pages > 1 && (
        <Group justify="center">
          <Pagination
            total={pages}
            value={page}
            onChange={setPage}
            getControlProps={(control) => ({
              'aria-label': {
                first: 'Primeira página',
                last: 'Última página',
                previous: 'Página anterior',
                next: 'Próxima página',
              }[control],
            })}
          />
        </Group>
      )}
    </Stack>
  );
};
