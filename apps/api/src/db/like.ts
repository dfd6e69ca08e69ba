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

/** Whether `patternPrefix` writes `text` as an index range (not empty, ending in ASCII). */
export const isRangePrefix = (text: string) => text.charCodeAt(text.length - 1) < 0x7f;

/**
 * The column starts with `text`, for a column with a `text_pattern_ops` index: the range
 * `text ≤ column < text'` (`text'`: its last character's successor) in the pattern operators, which
 * compare bytes as that index does and are leakproof (usable under row-level security). PostgreSQL
 * plans it in about half the time `starts_with` takes (whose index range it derives through a support
 * function, then rechecks): issue 16, a document prefix at 1M policies, 0.17 against 0.31 ms of
 * planning for the search's statement. A text ending in a non-ASCII character (its successor's bytes
 * would not follow) uses `startsWith`.
 */
export const patternPrefix = (column: AnyColumn, text: string): SQL => {
  if (!isRangePrefix(text)) return startsWith(column, text);
  const next = `${text.slice(0, -1)}${String.fromCharCode(text.charCodeAt(text.length - 1) + 1)}`;
  return sql`(${column} ~>=~ ${text} and ${column} ~<~ ${next})`;
};
