import { z } from 'zod';

/** The range of PostgreSQL `integer` (ids, counts): values beyond it are refused before any query. */
export const INT32_MIN = -2_147_483_648;
export const INT32_MAX = 2_147_483_647;

/** Query-string helpers: query values arrive as strings. */
export const qInt = () => z.coerce.number().int().min(INT32_MIN).max(INT32_MAX);
export const qBool = () =>
  z
    .union([z.boolean(), z.enum(['true', 'false', 'True', 'False', '1', '0'])])
    .transform((v) => v === true || v === 'true' || v === 'True' || v === '1');

/** Paging of the spec's lists (`currentPage`, `rowsPerPage`). */
export const pageQuery = {
  currentPage: qInt().min(1).default(1),
  rowsPerPage: qInt().min(1).max(200).default(10),
};

/** A quick search's text (`TextSearch`: proposals by text, insureds, beneficiaries): 2 to 50 characters. */
export const quickSearch = {
  TextSearch: z.string().trim().min(2, 'Digite ao menos 2 caracteres.').max(50),
};

/** Server-side sorting of a list: one of its main columns and the direction. */
export const sortQuery = <const C extends readonly [string, ...string[]]>(columns: C) => ({
  orderBy: z.enum(columns).optional(),
  orderDirection: z.enum(['asc', 'desc']).optional(),
});

/** `{ Data, Total, CurrentPage, RowsPerPage }` list body. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    Data: z.array(item),
    Total: z.number().int(),
    CurrentPage: z.number().int(),
    RowsPerPage: z.number().int(),
  });
