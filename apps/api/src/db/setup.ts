import { join } from 'node:path';
import { kanbanMigrations } from '@aval/kanban';
import { apiMigrations, type Database, migrateDatabase, openDatabase } from './client.js';

/** The advisory lock the start-up work holds on a shared server (any constant of our own). */
const STARTUP_LOCK = 7_241_726;

/**
 * Runs `work` while this process holds the start-up lock of the database: instances started
 * together (a cluster, a rolling upgrade) migrate and seed one after the other, and the later ones
 * find it done. PGlite has one process per data folder (lib/lock.ts): nothing to take.
 */
const underStartupLock = async <T>(database: Database, work: () => Promise<T>): Promise<T> => {
  if (!database.pool) return work();
  const client = await database.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
    return await work();
  } finally {
    await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]).catch(() => undefined);
    client.release();
  }
};

/**
 * Opens the configured database and applies the API's and the kanban service's migrations, then
 * `andThen` (the demo's seed), under the start-up lock.
 */
export const openAndMigrate = async (
  config: { databaseUrl?: string; databaseReplicaUrl?: string; dataDir: string },
  andThen: (database: Database) => Promise<unknown> = async () => undefined,
): Promise<Database> => {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    replicaUrl: config.databaseReplicaUrl,
    pgliteDir: config.databaseUrl ? undefined : join(config.dataDir, 'pglite'),
  });
  await underStartupLock(database, async () => {
    await migrateDatabase(database, [apiMigrations, kanbanMigrations]);
    await andThen(database);
  });
  return database;
};
