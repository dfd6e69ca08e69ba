// What the backup and restore scripts share: where the data is (the API's environment variables,
// read as apps/api/src/config.ts reads them), the data folder's lock, the embedded database and
// the migration level. Node runs the lock's TypeScript as it is (type stripping, Node 22.18+).
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';

export { takeDataLock } from '../apps/api/src/lib/lock.ts';

export const run = promisify(execFile);

/** The data's whereabouts from the environment (the API's variables and defaults). */
export const locations = (env = process.env) => {
  const dataDir = resolve(env.DATA_DIR || './data');
  return {
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    pgliteDir: resolve(dataDir, 'pglite'),
    storageDriver: env.STORAGE_DRIVER || 'local',
    storageDir: resolve(env.STORAGE_DIR || `${dataDir}/storage`),
  };
};

/** The embedded database with the extensions its indexes use (as apps/api/src/db/client.ts opens it). */
export const openPglite = (dir, loadDataDir) =>
  PGlite.create(dir, { extensions: { pg_trgm, btree_gin }, ...(loadDataDir ? { loadDataDir } : {}) });

/** A `query(text)` over PGlite or a PostgreSQL client, answering rows. */
export const rowsOf = async (db, text) => (await db.query(text)).rows;

/** The migrations applied (API and kanban): the manifest's level, checked again on restore. */
export const migrationLevel = async (db) => {
  const [api] = await rowsOf(
    db,
    'select count(*)::int as n, max(created_at)::text as last from public.__drizzle_migrations',
  );
  const [kanban] = await rowsOf(db, 'select count(*)::int as n from public.__kanban_migrations');
  return { api: Number(api.n), apiLast: api.last, kanban: Number(kanban.n) };
};

export const connect = async (url) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
};

export const appVersion = () =>
  JSON.parse(readFileSync(new URL('../apps/api/package.json', import.meta.url), 'utf8')).version;

/** `--force` and the one positional argument (the archive). */
export const parseArgs = (argv = process.argv.slice(2)) => ({
  force: argv.includes('--force'),
  file: argv.find((a) => !a.startsWith('--')),
});
