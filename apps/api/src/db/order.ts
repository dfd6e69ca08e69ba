import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/** A list's chosen sort column either way, rows without a value last in both directions. */
export const sortedBy = (column: AnyColumn | SQL, direction: 'asc' | 'desc' | undefined): SQL =>
  direction === 'desc' ? sql`${column} desc nulls last` : sql`${column} asc nulls last`;
