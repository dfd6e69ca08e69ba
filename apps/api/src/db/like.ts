import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

const literal = (text: string) => text.replace(/[%_\\]/g, '\\$&');

/** `%text%` for ILIKE with the user's `%`, `_` and `\` taken literally (every search box). */
export const likeContains = (text: string) => `%${literal(text)}%`;

/**
 * The column starts with `text`, taken literally (document and number prefixes). `starts_with` is
 * leakproof, so under row-level security PostgreSQL may still use a `text_pattern_ops` (or C
 * collation) index for it; `LIKE 'x%'` is not, and scans the whole company instead.
 */
export const startsWith = (column: AnyColumn | SQL, text: string): SQL =>
  sql`starts_with(${column}, ${text})`;
