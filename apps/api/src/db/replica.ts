import type { Database, Db } from './client.js';

/** A WAL position as PostgreSQL writes it (`16/B374D848`). */
const walPosition = /^[0-9A-F]{1,8}\/[0-9A-F]{1,8}$/i;

/**
 * Where a read that a replica may serve runs: the replica, once it has replayed `readAfter` (the
 * caller's last write, `Aval-Read-After`), else the primary. A replica that does not answer, or a
 * position that is not one, sends the read to the primary: never a refusal, never a stale read of
 * the caller's own write.
 */
export const readSource = async (database: Database, readAfter: string | undefined): Promise<Db> => {
  const replica = database.replica;
  if (!replica) return database.db;
  if (readAfter === undefined) return replica.db;
  if (!walPosition.test(readAfter)) return database.db;
  try {
    const { rows } = await replica.pool.query<{ ok: boolean }>(
      'select coalesce(pg_last_wal_replay_lsn() >= $1::pg_lsn, false) as ok',
      [readAfter],
    );
    return rows[0]?.ok ? replica.db : database.db;
  } catch {
    return database.db;
  }
};

/** The primary's WAL position now: what a write just committed is at or before it. */
export const writePosition = async (database: Database) => {
  if (!database.pool) return undefined;
  const { rows } = await database.pool.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
  return rows[0]?.lsn;
};
