import { getSearchBrokers } from '@aval/contracts';
import { Button, Card, Group, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconLogin, IconSearch } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { actAsBroker } from '../../../app/session/session.js';
import { openErrorFrom } from '../../../shared/ui/feedback-modals.js';
import { NameCell } from '../../../shared/ui/name-cell.js';
import { PagedDataTable } from '../../../shared/ui/paged-data-table.js';
import { brokersKeys } from '../api/brokers-api.js';
import { BrokerBadges } from '../components/broker-badges.js';

/** /corretor-assessoria: the brokerages whose users the advisor advises; act as one of them. */
export const AdvisorBrokersPage = () => {
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const act = useMutation({
    mutationFn: (userId: number) => actAsBroker(userId),
    onSuccess: () => navigate('/redirect-to-home'),
    onError: openErrorFrom,
  });
  return (
    <Stack>
      <Card withBorder>
        <TextInput
          label="Buscar"
          placeholder="Razão social, nome fantasia, CNPJ ou SUSEP"
          leftSection={<IconSearch size={16} aria-hidden />}
          maxLength={50}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
        />
      </Card>
      <PagedDataTable
        endpoint={getSearchBrokers}
        queryKey={[...brokersKeys.list(), 'advisor']}
        query={{ searchValue: debounced || undefined }}
        idAccessor="UniqueId"
        noRecordsText="Você ainda não assessora nenhuma corretora"
        columns={[
          {
            accessor: 'Name',
            title: 'Corretora',
            render: (b) => <NameCell name={b.TradeName ?? b.Name} detail={`${b.Name} · ${b.CpfCnpj}`} />,
          },
          { accessor: 'StatusName', title: 'Situação', render: (b) => <BrokerBadges broker={b} /> },
          {
            accessor: 'AdvisedUsers',
            title: 'Acessar como',
            render: (b) => (
              <Group gap="xs">
                {b.AdvisedUsers.map((u) => (
                  <Button
                    key={u.UserId}
                    size="xs"
                    variant="light"
                    leftSection={<IconLogin size={14} aria-hidden />}
                    loading={act.isPending && act.variables === u.UserId}
                    onClick={() => act.mutate(u.UserId)}
                  >
                    {u.Name}
                  </Button>
                ))}
              </Group>
            ),
          },
          {
            accessor: 'UniqueId',
            title: '',
            render: (b) => (
              <Button size="xs" variant="subtle" onClick={() => navigate(`/corretor/${b.UniqueId}`)}>
                Ver dados
              </Button>
            ),
          },
        ]}
      />
    </Stack>
  );
};
