import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

const rows = async <T>(db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/**
 * A fingerprint of every table of the API's schema (`public`): row count and a hash of the rows.
 * Two equal fingerprints: no row was added, removed or changed in between.
 */
export const tableFingerprint = async (db: Db) => {
  const tables = await rows<{ name: string }>(
    db,
    sql`select tablename as name from pg_tables where schemaname = 'public' order by 1`,
  );
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await rows<{ n: number; h: string | null }>(
      db,
      sql`select count(*)::int as n, md5(string_agg(t::text, '|' order by t::text)) as h
            from ${sql.identifier(name)} t`,
    );
    out[name] = `${row?.n}:${row?.h}`;
  }
  return out;
};
