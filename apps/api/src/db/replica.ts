import type { BusinessGauge } from '../plugins/metrics.js';
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

/**
 * How far the replica is behind, read on the replica: the bytes of the primary's log it has not
 * replayed, and the seconds since the last transaction it replayed when it has not replayed
 * everything (0 when it is level: an idle primary is not lag).
 */
export const replicaLag = async (database: Database) => {
  if (!database.replica || !database.pool) return undefined;
  const primary = await database.pool.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
  const { rows } = await database.replica.pool.query<{ bytes: string; seconds: string }>(
    `select greatest(pg_wal_lsn_diff($1::pg_lsn, pg_last_wal_replay_lsn()), 0) as bytes,
       case when pg_last_wal_replay_lsn() >= $1::pg_lsn then 0
            else coalesce(extract(epoch from now() - pg_last_xact_replay_timestamp()), 0) end as seconds`,
    [primary.rows[0]?.lsn],
  );
  return { bytes: Number(rows[0]?.bytes ?? 0), seconds: Number(rows[0]?.seconds ?? 0) };
};

/** The replica's lag as gauges of /metrics (plugins/metrics.ts), when the API has a replica. */
export const replicaGauges = (database: Database): BusinessGauge[] => {
  if (!database.replica) return [];
  const gauge = (name: string, help: string, pick: 'bytes' | 'seconds'): BusinessGauge => ({
    name,
    help,
    labelNames: [],
    read: async () => {
      const lag = await replicaLag(database);
      return lag ? [{ labels: {}, value: lag[pick] }] : [];
    },
  });
  return [
    gauge(
      'aval_database_replica_lag_bytes',
      'Bytes do log do primário ainda não aplicados na réplica.',
      'bytes',
    ),
    gauge('aval_database_replica_lag_seconds', 'Segundos de atraso da réplica (0 quando em dia).', 'seconds'),
  ];
};
