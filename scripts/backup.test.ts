import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { uploadArchives } from '@aval/contracts';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, expect, it, vi } from 'vitest';
import { buildApp } from '../apps/api/src/app.js';
import { loadConfig } from '../apps/api/src/config.js';
import { openDatabase } from '../apps/api/src/db/client.js';
import { archives } from '../apps/api/src/modules/files/files.table.js';
import { withDatabase } from '../apps/api/src/test/global-setup.js';
import { createTestApp, SAMPLE_PDF } from '../apps/api/src/test/harness.js';

vi.setConfig({ testTimeout: 180_000 });

const root = resolve(import.meta.dirname, '..');
const node = (script: string, args: string[], env: Record<string, string | undefined>) =>
  promisify(execFile)(process.execPath, [join(root, 'scripts', script), ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: undefined, ...env },
  });

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

/** Counts the restore must give back: the demo's journeys and this test's upload. */
const counts = async (db: { execute: (q: ReturnType<typeof sql>) => Promise<unknown> }) =>
  (
    (await db.execute(
      sql`select (select count(*) from proposals)::int as proposals, (select count(*) from policies)::int as policies,
        (select count(*) from archives)::int as archives, (select count(*) from kanban.cards)::int as cards`,
    )) as { rows: Record<string, number>[] }
  ).rows[0];

it('should back up the database and the stored files and restore them into an empty data folder, refusing a full one', async () => {
  // Data made through the API: an uploaded document (its row and its bytes), beside the demo's.
  const t = await createTestApp();
  cleanups.push(() => rm(t.tmp, { recursive: true, force: true }));
  const bytes = Buffer.concat([SAMPLE_PDF, Buffer.from(`% ${randomBytes(8).toString('hex')}\n`)]);
  const uploaded = await t.call(uploadArchives, {
    as: 'admin',
    files: [{ name: 'contrato.pdf', data: bytes }],
  });
  expect(uploaded.status).toBe(200);
  const archiveId = uploaded.data[0]!.uniqueIdentifier;
  const before = await counts(t.database.db);
  // Backed up with the server stopped (PGlite); PostgreSQL's pg_dump would not need it.
  await t.app.close();
  await t.database.close();
  if (t.databaseUrl) {
    const admin = process.env.TEST_DATABASE_URL!;
    const name = new URL(t.databaseUrl).pathname.slice(1);
    cleanups.push(() => dropDatabase(admin, name));
  }

  const file = join(t.tmp, 'backup.tar.gz');
  const source = { DATA_DIR: t.tmp, DATABASE_URL: t.databaseUrl };
  await node('backup.mjs', [file], source);

  const target = await mkdtemp(join(root, '.tmp', 'restore-'));
  cleanups.push(() => rm(target, { recursive: true, force: true }));
  let targetUrl: string | undefined;
  if (t.databaseUrl) {
    const admin = process.env.TEST_DATABASE_URL!;
    const name = `${new URL(t.databaseUrl).pathname.slice(1)}_restored`;
    await query(admin, `create database ${name}`);
    cleanups.push(() => dropDatabase(admin, name));
    targetUrl = withDatabase(admin, name);
  }
  const restored = { DATA_DIR: target, DATABASE_URL: targetUrl };
  await node('restore.mjs', [file], restored);
  // A second restore onto what is now there is refused without --force.
  await expect(node('restore.mjs', [file], restored)).rejects.toThrow(/is not empty/);

  // The API starts on the restored data: every row is there, and the file's bytes.
  const database = await openDatabase({
    databaseUrl: targetUrl,
    pgliteDir: targetUrl ? undefined : join(target, 'pglite'),
  });
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: target,
    LOG_LEVEL: 'silent',
    WEB_DIST: join(target, 'no-web'),
  });
  const { app, platform } = await buildApp({ config, database, logger: false, jobWorkers: false });
  try {
    expect((await app.inject({ url: '/ready' })).statusCode).toBe(200);
    expect(await counts(database.db)).toEqual(before);
    const [row] = await database.db.select().from(archives).where(eq(archives.id, archiveId));
    expect(await platform.blobs.get(row!.container, row!.relativePath)).toEqual(bytes);
  } finally {
    await app.close();
    await database.close();
  }
});

const query = async (url: string, text: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(text).finally(() => client.end());
};
const dropDatabase = (admin: string, name: string) =>
  query(admin, `drop database if exists ${name} with (force)`);
