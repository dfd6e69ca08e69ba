import { todayInBrazil } from '@aval/domain';
import Papa from 'papaparse';

/** One column of an export: its header and how a row reads in it (text as people read it). */
export type CsvColumn<R> = { title: string; value: (row: R) => string | number | null | undefined };

/**
 * CSV as Excel in pt-BR opens it: `;` between fields, CRLF, a BOM so accents survive, numbers
 * with a decimal comma (callers pass them formatted). Quoting by papaparse.
 */
export const toCsv = <R>(columns: CsvColumn<R>[], rows: R[]): string =>
  `\uFEFF${Papa.unparse(
    {
      fields: columns.map((c) => c.title),
      data: rows.map((r) => columns.map((c) => c.value(r) ?? '')),
    },
    { delimiter: ';', newline: '\r\n', quotes: false },
  )}\r\n`;

/** The most rows one export reads (pages of 200). */
export const EXPORT_MAX_ROWS = 10_000;

/** Every page of a list call (up to EXPORT_MAX_ROWS rows), in order. */
export const allPages = async <R>(
  fetchPage: (
    currentPage: number,
    rowsPerPage: number,
  ) => Promise<{ Data: R[]; Total: number; TotalIsCapped?: boolean }>,
): Promise<R[]> => {
  const rows: R[] = [];
  for (let page = 1; rows.length < EXPORT_MAX_ROWS; page++) {
    const body = await fetchPage(page, 200);
    rows.push(...body.Data);
    // A capped total is a floor, not the end: read on until a short page.
    if (body.Data.length < 200 || (rows.length >= body.Total && !body.TotalIsCapped)) break;
  }
  return rows.slice(0, EXPORT_MAX_ROWS);
};

/** Hands a CSV text to the browser as a download named `name-YYYY-MM-DD.csv` (Brasília's day, as the server's). */
export const downloadCsv = (name: string, csv: string) => {
  const href = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = href;
  a.download = `${name}-${todayInBrazil()}.csv`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
};
