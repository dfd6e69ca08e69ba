// npm run restore -- <file.tar.gz> [--force]: puts a backup of `npm run backup` back. The target
// (DATA_DIR's database and stored files, or the DATABASE_URL database) must be empty unless
// --force, which replaces what is there. The server must be stopped (the data lock is taken for
// PGlite). An embedded backup restores into a data folder, a PostgreSQL one into PostgreSQL.
import { existsSync, readdirSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as tar from 'tar';
import {
  connect,
  locations,
  migrationLevel,
  openPglite,
  parseArgs,
  rowsOf,
  run,
  takeDataLock,
} from './backup-common.mjs';

const { file, force } = parseArgs();
if (!file) {
  console.error('Usage: npm run restore -- <backup.tar.gz> [--force]');
  process.exit(1);
}
const where = locations();
const staging = await mkdtemp(join(tmpdir(), 'aval-restore-'));
const isEmptyDir = (dir) => !existsSync(dir) || readdirSync(dir).length === 0;
const refuse = (what) => {
  throw new Error(`${what} is not empty: restore into an empty one, or pass --force to replace it.`);
};
let release = () => {};

/** The app role the grants and row-level policies name (created by the migrations otherwise). */
const ensureAppRole = (client) =>
  client.query(`DO $$ BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'aval_app') THEN CREATE ROLE aval_app NOLOGIN; END IF;
  END $$`);

/** Refuses a target database that holds anything, before the archive is even opened (unless --force). */
const checkTargetDatabase = async () => {
  if (force) return;
  if (!where.databaseUrl) {
    if (!isEmptyDir(where.pgliteDir)) refuse(`The database folder ${where.pgliteDir}`);
    return;
  }
  const client = await connect(where.databaseUrl);
  const [{ n }] = await rowsOf(
    client,
    "select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')",
  ).finally(() => client.end());
  if (Number(n) > 0) refuse('The database of DATABASE_URL');
};

const restorePostgres = async () => {
  const client = await connect(where.databaseUrl);
  await ensureAppRole(client).finally(() => client.end());
  const clean = force ? ['--clean', '--if-exists'] : [];
  await run('pg_restore', [
    ...clean,
    '--no-owner',
    '-d',
    where.databaseUrl,
    join(staging, 'database.pgdump'),
  ]);
};

const restorePglite = async () => {
  release = takeDataLock(where.dataDir);
  // Checked empty before (checkTargetDatabase); with --force, replaced.
  await rm(where.pgliteDir, { recursive: true, force: true });
  const dump = new Blob([await readFile(join(staging, 'database.pglite.tar.gz'))]);
  const db = await openPglite(where.pgliteDir, dump);
  return db;
};

try {
  await checkTargetDatabase();
  await tar.extract({ file: resolve(file), cwd: staging });
  const manifest = JSON.parse(await readFile(join(staging, 'manifest.json'), 'utf8'));
  const target = where.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.database !== target)
    throw new Error(
      `This backup is of ${manifest.database === 'postgres' ? 'PostgreSQL' : 'the embedded database'}: ` +
        `restore it with ${manifest.database === 'postgres' ? 'DATABASE_URL set' : 'DATABASE_URL unset (DATA_DIR)'}.`,
    );
  const hasFiles = existsSync(join(staging, 'storage'));
  if (hasFiles && where.storageDriver === 'local' && !isEmptyDir(where.storageDir) && !force)
    refuse(`The files folder ${where.storageDir}`);
  let level;
  if (target === 'postgres') {
    await restorePostgres();
    const client = await connect(where.databaseUrl);
    level = await migrationLevel(client).finally(() => client.end());
  } else {
    const db = await restorePglite();
    level = await migrationLevel(db).finally(() => db.close());
  }
  if (level.api !== manifest.migrations.api || level.kanban !== manifest.migrations.kanban)
    throw new Error('The restored database is not at the migration level the manifest records.');
  if (hasFiles && where.storageDriver === 'local') {
    if (force) await rm(where.storageDir, { recursive: true, force: true });
    await cp(join(staging, 'storage'), where.storageDir, { recursive: true });
  }
  console.log(
    `Restored the backup of ${manifest.createdAt} (version ${manifest.version}, migration ${level.api}/${level.kanban})` +
      `${hasFiles ? (where.storageDriver === 'local' ? ' with its files' : '; its files were not copied (STORAGE_DRIVER is not local)') : ''}.`,
  );
} catch (err) {
  console.error(`Restore failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
} finally {
  release();
  await rm(staging, { recursive: true, force: true });
}
