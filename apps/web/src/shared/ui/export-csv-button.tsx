import type { EndpointRequest } from '@aval/contracts';
import { Button } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { api } from '../../app/api.js';
import { allPages, type CsvColumn, downloadCsv, toCsv } from '../export/csv.js';
import { openErrorFrom } from './feedback-modals.js';
import type { PagedDataTableProps, PagedEndpoint, PageRow } from './paged-data-table.js';

/** "Exportar CSV" of a paged list: every row of the current filter (up to 10 000), as shown. */
export const ExportCsvButton = <D extends PagedEndpoint>({
  endpoint,
  query,
  columns,
  name,
}: {
  endpoint: D;
  query?: PagedDataTableProps<D>['query'];
  columns: CsvColumn<PageRow<D>>[];
  /** File name before the date (`tomadores` → tomadores-2026-11-24.csv). */
  name: string;
}) => {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const rows = await allPages(
        (currentPage, rowsPerPage) =>
          api.call(endpoint, {
            query: { ...(query ?? {}), currentPage, rowsPerPage },
          } as EndpointRequest<D>) as Promise<{ Data: PageRow<D>[]; Total: number }>,
      );
      downloadCsv(name, toCsv(columns, rows));
    } catch (e) {
      openErrorFrom(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="default"
      leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
      loading={busy}
      onClick={() => void run()}
    >
      Exportar CSV
    </Button>
  );
};
