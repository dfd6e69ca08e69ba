/** One row of a code catalogue: the code, its pt-BR label and, where the spec names the code, that name. */
type CodeRow = readonly [code: number | string, label: string, name?: string];
type CodeOf<T extends Record<string, CodeRow>> = T[keyof T][0];

/**
 * A catalogue of codes written once, a row per code (`EM_ANALISE: [2, 'Em análise', 'EmAnalise']`):
 * gives the `{ KEY: code }` constant, every code in the table's order, and the labels (and the spec
 * names, for tables that have them) keyed by code.
 */
export const codeCatalogue = <const T extends Record<string, CodeRow>>(rows: T) => {
  const entries = Object.entries(rows) as [string, CodeRow][];
  const column = (i: 1 | 2) =>
    Object.fromEntries(entries.map(([, row]) => [row[0], row[i] ?? ''])) as Record<CodeOf<T>, string>;
  return {
    codes: Object.fromEntries(entries.map(([key, [code]]) => [key, code])) as {
      readonly [K in keyof T]: T[K][0];
    },
    all: entries.map(([, [code]]) => code) as CodeOf<T>[],
    labels: column(1),
    names: column(2),
  };
};
