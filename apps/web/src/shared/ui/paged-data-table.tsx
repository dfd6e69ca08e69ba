import 'mantine-datatable/styles.css';
import type { EndpointDef, EndpointRequest, EndpointResult } from '@aval/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DataTable, type DataTableColumn, type DataTableSortStatus } from 'mantine-datatable';
import { useState } from 'react';
import { api } from '../../app/api.js';
import { EmptyState } from './states.js';

/** A list call whose raw body is `{ Data, Total, CurrentPage, RowsPerPage }`. */
export type PagedEndpoint = EndpointDef & { envelope: 'raw' };

export type PageRow<D extends EndpointDef> = EndpointResult<D> extends { Data: Array<infer R> } ? R : never;

export type PagedDataTableProps<D extends PagedEndpoint> = {
  endpoint: D;
  /** Filters sent with every page (paging fields are added). */
  query?: Omit<NonNullable<EndpointRequest<D>['query']>, 'currentPage' | 'rowsPerPage'>;
  columns: DataTableColumn<PageRow<D>>[];
  idAccessor?: keyof PageRow<D> & string;
  rowsPerPage?: number;
  rowsPerPageOptions?: number[];
  onRowClick?: (row: PageRow<D>) => void;
  noRecordsText?: string;
  /** Query key root (one factory per feature); the endpoint path by default. */
  queryKey?: readonly unknown[];
  /** Server-side sorting: the page puts the column and direction in `query` (columns marked `sortable`). */
  sortStatus?: DataTableSortStatus<PageRow<D>>;
  onSortStatusChange?: (status: DataTableSortStatus<PageRow<D>>) => void;
  /** Reload the page every n ms while the rows shown ask for it (work done elsewhere: its answer). */
  refreshEvery?: (rows: PageRow<D>[]) => number | false;
};

/** Paged table bound to a list call; pt-BR texts; server state only in TanStack Query. */
export const PagedDataTable = <D extends PagedEndpoint>({
  endpoint,
  query,
  columns,
  idAccessor,
  rowsPerPage: initialRows = 10,
  rowsPerPageOptions = [10, 25, 50],
  onRowClick,
  noRecordsText = 'Nenhum registro encontrado',
  queryKey,
  sortStatus,
  onSortStatusChange,
  refreshEvery,
}: PagedDataTableProps<D>) => {
  const [page, setPage] = useState(1);
  const [rowsPerPage, setRowsPerPage] = useState(initialRows);
  const result = useQuery({
    queryKey: [...(queryKey ?? [endpoint.path]), query ?? {}, page, rowsPerPage],
    queryFn: () =>
      api.call(endpoint, {
        query: { ...(query ?? {}), currentPage: page, rowsPerPage },
      } as EndpointRequest<D>),
    placeholderData: keepPreviousData,
    refetchInterval: refreshEvery
      ? (q) => refreshEvery((q.state.data as { Data?: PageRow<D>[] } | undefined)?.Data ?? [])
      : undefined,
  });
  // `TotalIsCapped`: the server stopped counting at `Total` (policy searches at scale).
  const body = result.data as { Data: PageRow<D>[]; Total: number; TotalIsCapped?: boolean } | undefined;
  return (
    <DataTable<PageRow<D>>
      withTableBorder
      borderRadius="md"
      // On a narrow screen the table scrolls sideways and its first column (what the row is) stays.
      pinFirstColumn
      minHeight={body?.Data.length ? undefined : 180}
      striped
      highlightOnHover
      idAccessor={idAccessor}
      columns={columns}
      records={body?.Data ?? []}
      fetching={result.isFetching}
      totalRecords={body?.Total ?? 0}
      recordsPerPage={rowsPerPage}
      page={page}
      onPageChange={setPage}
      recordsPerPageOptions={rowsPerPageOptions}
      onRecordsPerPageChange={(n) => {
        setRowsPerPage(n);
        setPage(1);
      }}
      recordsPerPageLabel="Registros por página"
      paginationText={({ from, to, totalRecords }) =>
        `${from}–${to} de ${body?.TotalIsCapped ? 'mais de ' : ''}${totalRecords.toLocaleString('pt-BR')}`
      }
      getPaginationControlProps={(control) => ({
        'aria-label': {
          first: 'Primeira página',
          last: 'Última página',
          previous: 'Página anterior',
          next: 'Próxima página',
        }[control],
      })}
      loadingText="Carregando…"
      noRecordsText={result.isError ? result.error.message : noRecordsText}
      emptyState={
        result.isPending ? (
          <span />
        ) : (
          <EmptyState title={result.isError ? result.error.message : noRecordsText} />
        )
      }
      onRowClick={onRowClick ? ({ record }) => onRowClick(record) : undefined}
      {...((sortStatus && onSortStatusChange ? { sortStatus, onSortStatusChange } : {}) as object)}
    />
  );
};
