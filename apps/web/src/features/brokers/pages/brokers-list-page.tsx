import { type BrokerSummary, formatDate, getSearchBrokers } from '@aval/contracts';
import { Card, Checkbox, Group, SegmentedControl, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import type { DataTableSortStatus } from 'mantine-datatable';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ExportCsvButton } from '../../../shared/ui/export-csv-button.js';
import { PagedDataTable } from '../../../shared/ui/paged-data-table.js';
import { brokersKeys } from '../api/brokers-api.js';
import { BrokerBadges } from '../components/broker-badges.js';

type StatusFilter = 'all' | 'pending' | 'active' | 'blocked' | 'inactive';

/** The table's sortable columns and the call's names for them. */
const sortColumns: Partial<Record<string, 'Name' | 'Cnpj' | 'SusepProtocol' | 'CreatedAt'>> = {
  Name: 'Name',
  CpfCnpj: 'Cnpj',
  SUSEPProtocol: 'SusepProtocol',
  CreatedAt: 'CreatedAt',
};

/** /corretores: every brokerage of the insurer, pending registrations first. */
export const BrokersListPage = () => {
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [status, setStatus] = useState<StatusFilter>('all');
  const [ignoreInactive, setIgnoreInactive] = useState(false);
  // Unsorted (no column chosen): pending registrations first, then by name.
  const [sort, setSort] = useState<DataTableSortStatus<BrokerSummary>>({
    columnAccessor: '',
    direction: 'asc',
  });
  const orderBy = sortColumns[String(sort.columnAccessor)];
  const query = {
    searchValue: debounced || undefined,
    Status: status === 'all' ? undefined : status,
    IgnoreInactive: ignoreInactive || undefined,
    orderBy,
    orderDirection: orderBy ? sort.direction : undefined,
  };
  return (
    <Stack>
      <Card withBorder>
        <Group align="flex-end" wrap="wrap">
          <TextInput
            label="Buscar"
            placeholder="Razão social, nome fantasia, CNPJ ou SUSEP"
            leftSection={<IconSearch size={16} aria-hidden />}
            maxLength={50}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            style={{ flex: '1 1 280px' }}
          />
          <SegmentedControl
            aria-label="Situação"
            value={status}
            onChange={(v) => setStatus(v as StatusFilter)}
            data={[
              { value: 'all', label: 'Todas' },
              { value: 'pending', label: 'Cadastro pendente' },
              { value: 'active', label: 'Ativas' },
              { value: 'blocked', label: 'Bloqueadas' },
              { value: 'inactive', label: 'Inativas' },
            ]}
          />
          <Checkbox
            label="Ocultar inativas e bloqueadas"
            checked={ignoreInactive}
            onChange={(e) => setIgnoreInactive(e.currentTarget.checked)}
            mb={8}
          />
          <ExportCsvButton
            endpoint={getSearchBrokers}
            query={query}
            name="corretoras"
            columns={[
              { title: 'Corretora', value: (b) => b.TradeName ?? b.Name },
              { title: 'Razão social', value: (b) => b.Name },
              { title: 'CNPJ', value: (b) => b.CpfCnpj },
              { title: 'SUSEP', value: (b) => b.SUSEPProtocol },
              { title: 'E-mail', value: (b) => b.Email },
              { title: 'Situação', value: (b) => b.StatusName },
              { title: 'Cadastro', value: (b) => formatDate(b.CreatedAt) },
            ]}
          />
        </Group>
      </Card>
      <PagedDataTable
        endpoint={getSearchBrokers}
        queryKey={brokersKeys.list()}
        query={query}
        idAccessor="UniqueId"
        onRowClick={(b) => navigate(`/corretor/${b.UniqueId}`)}
        noRecordsText="Nenhuma corretora encontrada"
        sortStatus={sort}
        onSortStatusChange={setSort}
        columns={[
          {
            accessor: 'Name',
            title: 'Corretora',
            sortable: true,
            render: (b) => (
              <Stack gap={0}>
                <span style={{ fontWeight: 600 }}>{b.TradeName ?? b.Name}</span>
                <span style={{ fontSize: 12, color: '#495057' }}>{b.Name}</span>
                <span style={{ fontSize: 12, color: '#495057' }}>{b.Email}</span>
              </Stack>
            ),
          },
          { accessor: 'CpfCnpj', title: 'CNPJ', width: 180, noWrap: true, sortable: true },
          { accessor: 'SUSEPProtocol', title: 'SUSEP', width: 110, sortable: true },
          {
            accessor: 'StatusName',
            title: 'Situação',
            width: 250,
            render: (b) => <BrokerBadges broker={b} />,
          },
          {
            accessor: 'CreatedAt',
            title: 'Cadastro',
            width: 110,
            sortable: true,
            render: (b) => formatDate(b.CreatedAt),
          },
        ]}
      />
    </Stack>
  );
};
