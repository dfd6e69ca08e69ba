import type { EndpointRequest } from '@aval/contracts';
import { Button } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { api } from '../../app/api.js';
import { allPages, type CsvColumn, downloadCsv, toCsv } from '../export/csv.js';
import { openErrorFrom } from './feedback-modals.js';
import type { PagedDataTableProps, PagedEndpoint, PageRow } from './paged-data-table.js';

/** The "Exportar CSV" button: runs `csv` and downloads what it returns as `name-YYYY-MM-DD.csv`. */
const CsvButton = ({
  csv,
  name,
  label,
}: {
  csv: () => Promise<string> | string;
  name: string;
  label?: string;
}) => {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      downloadCsv(name, await csv());
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
      aria-label={label}
      onClick={() => void run()}
    >
      Exportar CSV
    </Button>
  );
};

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
}) => (
  <CsvButton
    name={name}
    csv={async () =>
      toCsv(
        columns,
        await allPages(
          (currentPage, rowsPerPage) =>
            api.call(endpoint, {
              query: { ...(query ?? {}), currentPage, rowsPerPage },
            } as EndpointRequest<D>) as Promise<{ Data: PageRow<D>[]; Total: number }>,
        ),
      )
    }
  />
);

/** "Exportar CSV" of rows already on screen (a chart's data, a summary table). */
export const ExportRowsCsvButton = <R,>({
  rows,
  columns,
  name,
  label,
}: {
  rows: R[];
  columns: CsvColumn<R>[];
  name: string;
  /** Accessible name when a page has several export buttons ("Exportar CSV: Prêmio emitido"). */
  label?: string;
}) => <CsvButton name={name} label={label} csv={() => toCsv(columns, rows)} />;
