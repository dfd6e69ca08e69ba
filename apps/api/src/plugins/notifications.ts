import {
  type ListenerLog,
  type PgListener,
  pgliteListener,
  postgresListener,
} from '@aval/transport/listener';
import pg from 'pg';
import type { Database } from '../db/client.js';

/**
 * The process's one LISTEN/NOTIFY connection (`@aval/transport/listener`): PGlite's own
 * notifications when embedded, a dedicated unpooled client on PostgreSQL. Every cross-instance
 * signal (kanban boards, cache invalidation) subscribes through it instead of opening its own.
 */
export const createDatabaseListener = (database: Database, log?: ListenerLog): PgListener => {
  if (database.driver === 'pglite' && database.pglite) return pgliteListener(database.pglite);
  const options = database.pool?.options ?? {};
  return postgresListener(() => new pg.Client({ ...options, keepAlive: true }), { log });
};
