// npm run backup [-- <file.tar.gz>]: one archive with the database and the stored files, and a
// manifest (version, migration level, date). The embedded database (PGlite under DATA_DIR) is
// dumped with the server stopped (its data lock is taken here); PostgreSQL (DATABASE_URL) with
// `pg_dump -Fc`, the server may run. Local stored files (STORAGE_DIR, default DATA_DIR/storage)
// go in the archive; with STORAGE_DRIVER=s3 the bucket is backed up by its own means
// (docs/operations.md).
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as tar from 'tar';
import {
  appVersion,
  connect,
  locations,
  migrationLevel,
  openPglite,
  parseArgs,
  run,
  takeDataLock,
} from './backup-common.mjs';

const where = locations();
const stamp = new Date().toISOString().replace(/[:T]/g, '-').slice(0, 19);
const out = resolve(parseArgs().file ?? `aval-backup-${stamp}.tar.gz`);
const staging = await mkdtemp(join(tmpdir(), 'aval-backup-'));
let release = () => {};
try {
  const entries = ['manifest.json'];
  let migrations;
  if (where.databaseUrl) {
    const client = await connect(where.databaseUrl);
    migrations = await migrationLevel(client).finally(() => client.end());
    await run('pg_dump', ['-Fc', '--no-owner', '-f', join(staging, 'database.pgdump'), where.databaseUrl]);
    entries.push('database.pgdump');
  } else {
    release = takeDataLock(where.dataDir);
    const db = await openPglite(where.pgliteDir);
    try {
      migrations = await migrationLevel(db);
      const dump = await db.dumpDataDir('gzip');
      await writeFile(join(staging, 'database.pglite.tar.gz'), Buffer.from(await dump.arrayBuffer()));
    } finally {
      await db.close();
    }
    entries.push('database.pglite.tar.gz');
  }
  const localFiles = where.storageDriver === 'local' && existsSync(where.storageDir);
  if (localFiles) {
    await cp(where.storageDir, join(staging, 'storage'), { recursive: true });
    entries.push('storage');
  }
  const manifest = {
    format: 1,
    version: appVersion(),
    createdAt: new Date().toISOString(),
    database: where.databaseUrl ? 'postgres' : 'pglite',
    migrations,
    storage: where.storageDriver === 's3' ? 's3 (not in this archive)' : localFiles ? 'local' : 'none',
  };
  await writeFile(join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  await tar.create({ gzip: true, file: out, cwd: staging, portable: true }, entries);
  console.log(
    `Backup written to ${out} (${manifest.database}, migration ${migrations.api}/${migrations.kanban}).`,
  );
} catch (err) {
  console.error(`Backup failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
} finally {
  release();
  await rm(staging, { recursive: true, force: true });
}
