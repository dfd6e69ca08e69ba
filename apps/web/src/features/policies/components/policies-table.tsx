import { formatDate, formatMoney, maskCpfCnpj } from '@aval/contracts';
import { Group, Stack, Text } from '@mantine/core';
import type { DataTableColumn, DataTableSortStatus } from 'mantine-datatable';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ClampedText } from '../../../shared/ui/clamped-text.js';
import { NameCell } from '../../../shared/ui/name-cell.js';
import { PagedDataTable, type PagedEndpoint } from '../../../shared/ui/paged-data-table.js';
import { ToneBadge } from '../../../shared/ui/tone-badge.js';
import type { PolicyRow } from '../api/policies-api.js';
import { PolicyStatusBadge } from './policy-status-badge.js';

export const policyColumns: DataTableColumn<PolicyRow>[] = [
  {
    accessor: 'PolicyNumber',
    title: 'Apólice',
    sortable: true,
    noWrap: true,
    render: (r) => (
      <Text size="sm" fw={600} ff="monospace">
        {r.PolicyNumber}
      </Text>
    ),
  },
  {
    accessor: 'StatusId',
    title: 'Situação',
    sortable: true,
    render: (r) => (
      <Stack gap={4} align="flex-start">
        <PolicyStatusBadge statusId={r.StatusId} label={r.StatusName} />
        {r.StatusId === 2 && r.DaysToEnd >= 0 && r.DaysToEnd <= 90 && (
          <ToneBadge tone="warning" size="sm" styles={{ label: { overflow: 'visible' } }}>
            Vence em {r.DaysToEnd} {r.DaysToEnd === 1 ? 'dia' : 'dias'}
          </ToneBadge>
        )}
      </Stack>
    ),
  },
  {
    accessor: 'PolicyHolderName',
    title: 'Tomador',
    sortable: true,
    render: (r) => <NameCell name={r.PolicyHolderName} detail={maskCpfCnpj(r.PolicyHolderDocument)} nowrap />,
  },
  // Long names keep to two lines at 1280 px (the whole name on hover and in the detail).
  { accessor: 'InsuredName', title: 'Segurado', render: (r) => <ClampedText text={r.InsuredName ?? '—'} /> },
  { accessor: 'ModalityName', title: 'Modalidade', render: (r) => <ClampedText text={r.ModalityName} /> },
  { accessor: 'BrokerName', title: 'Corretora', render: (r) => <ClampedText text={r.BrokerName} /> },
  {
    accessor: 'InsuredAmountValue',
    title: 'Importância segurada',
    sortable: true,
    textAlign: 'right',
    noWrap: true,
    render: (r) => formatMoney(r.InsuredAmountValue),
  },
  {
    accessor: 'EndDate',
    title: 'Vigência',
    sortable: true,
    render: (r) => (
      <Group gap={4} wrap="nowrap">
        <span style={{ whiteSpace: 'nowrap' }}>{formatDate(r.StartDate)}</span>a
        <span style={{ whiteSpace: 'nowrap' }}>{formatDate(r.EndDate)}</span>
      </Group>
    ),
  },
];

/** A paged, sortable table of policies bound to one of the three search calls. */
export const PoliciesTable = <D extends PagedEndpoint>({
  endpoint,
  query,
  queryKey,
}: {
  endpoint: D;
  query: Record<string, unknown>;
  queryKey: readonly unknown[];
}) => {
  const navigate = useNavigate();
  const [sort, setSort] = useState<DataTableSortStatus<PolicyRow>>({
    columnAccessor: 'IssuedAt',
    direction: 'desc',
  });
  return (
    <PagedDataTable
      endpoint={endpoint}
      queryKey={queryKey}
      query={{ ...query, orderBy: sort.columnAccessor, orderDirection: sort.direction } as never}
      idAccessor={'UniqueId' as never}
      columns={policyColumns as never}
      sortStatus={sort as never}
      onSortStatusChange={setSort as never}
      onRowClick={(r) => void navigate(`/apolice/${(r as PolicyRow).UniqueId}`)}
      noRecordsText="Nenhuma apólice encontrada"
    />
  );
};
