import 'mantine-datatable/styles.css';
import {
  type ChangeHistoryEntry,
  type EndpointDef,
  type EndpointRequest,
  formatDateTime,
} from '@aval/contracts';
import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import { api } from '../../app/api.js';
import type { DetailTab } from './detail-page.js';
import { PagedDataTable, type PagedEndpoint } from './paged-data-table.js';
import { EmptyState } from './states.js';

const emptyText = 'Nenhuma alteração registrada';

/** A value as one line: rich text without its tags, long texts cut at 120 characters, '—' when empty. */
export const shortHistoryValue = (value: string | null) => {
  if (value === null || value.trim() === '') return '—';
  const plain = value
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > 120 ? `${plain.slice(0, 117)}…` : plain;
};

const valueCell = (value: string | null) => (
  <Text size="sm" title={value && shortHistoryValue(value) !== value ? value : undefined}>
    {shortHistoryValue(value)}
  </Text>
);

/** The columns of every change history of the portal. */
export const changeHistoryColumns: DataTableColumn<ChangeHistoryEntry>[] = [
  {
    accessor: 'ChangedAt',
    title: 'Data/hora',
    width: 170,
    render: (e) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(e.ChangedAt)}</span>,
  },
  { accessor: 'ChangedByName', title: 'Usuário' },
  { accessor: 'EntityLabel', title: 'Item' },
  { accessor: 'FieldLabel', title: 'Campo' },
  { accessor: 'OldValue', title: 'Valor anterior', render: (e) => valueCell(e.OldValue) },
  { accessor: 'NewValue', title: 'Novo valor', render: (e) => valueCell(e.NewValue) },
];

/** A call whose answer is a list of entries, or a page of them (`envelope: 'raw'`). */
type HistoryEndpoint = EndpointDef & {
  response: { _zod: { output: ChangeHistoryEntry[] | { Data: ChangeHistoryEntry[] } } };
};

export type ChangeHistoryTableProps<D extends HistoryEndpoint> =
  /** Entries already at hand (e.g. inside another answer). */
  | { entries: ChangeHistoryEntry[]; endpoint?: never }
  /** The history call: fetched here; paged by the server when the call answers a page. */
  | {
      entries?: never;
      endpoint: D;
      query: Omit<NonNullable<EndpointRequest<D>['query']>, 'currentPage' | 'rowsPerPage'>;
      /** Query key from the feature's factory (mutations invalidate it). */
      queryKey: readonly unknown[];
    };

const EntriesTable = ({
  entries,
  fetching = false,
  error,
}: {
  entries: ChangeHistoryEntry[];
  fetching?: boolean;
  error?: string;
}) => (
  <DataTable<ChangeHistoryEntry>
    withTableBorder
    borderRadius="md"
    minHeight={entries.length ? undefined : 180}
    striped
    highlightOnHover
    idAccessor="Id"
    columns={changeHistoryColumns}
    records={entries}
    fetching={fetching}
    noRecordsText={error ?? emptyText}
    emptyState={fetching ? <span /> : <EmptyState title={error ?? emptyText} />}
  />
);

const FetchedTable = ({
  endpoint,
  query,
  queryKey,
}: {
  endpoint: EndpointDef;
  query: object;
  queryKey: readonly unknown[];
}) => {
  const result = useQuery({
    queryKey,
    queryFn: () => api.call(endpoint, { query } as EndpointRequest<EndpointDef>),
  });
  return (
    <EntriesTable
      entries={(result.data as ChangeHistoryEntry[] | undefined) ?? []}
      fetching={result.isPending}
      error={result.isError ? result.error.message : undefined}
    />
  );
};

/**
 * The one change-history table (insureds, policy holders, brokers, parameterisation): date and
 * time, user, item, field, old and new value, newest first, with the same texts everywhere.
 */
export const ChangeHistoryTable = <D extends HistoryEndpoint>(props: ChangeHistoryTableProps<D>) => {
  if (props.entries) return <EntriesTable entries={props.entries} />;
  const { endpoint, query, queryKey } = props;
  if (endpoint.envelope === 'raw') {
    return (
      <PagedDataTable
        endpoint={endpoint as PagedEndpoint}
        query={query as never}
        queryKey={queryKey}
        idAccessor={'Id' as never}
        columns={changeHistoryColumns as never}
        noRecordsText={emptyText}
      />
    );
  }
  return <FetchedTable endpoint={endpoint} query={query} queryKey={queryKey} />;
};

/** The "Histórico" tab of a detail page: its change history. */
export const historyTab = <D extends HistoryEndpoint>(props: ChangeHistoryTableProps<D>): DetailTab => ({
  value: 'historico',
  label: 'Histórico',
  panel: <ChangeHistoryTable {...props} />,
});
