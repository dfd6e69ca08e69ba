import { mkdir, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import pg from 'pg';
import pino from 'pino';
import type { TestProject } from 'vitest/node';
import { openAndMigrate } from '../db/setup.js';
import { createJobs } from '../plugins/jobs.js';
import { localBlobStore } from '../plugins/storage.js';
import { seedDatabase } from '../seed/index.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
    /** The demo's files the template's seed stored (each test file's app gets a copy). */
    templateStorage: string;
  }
}

const root = resolve(import.meta.dirname, '../../../..');

/** Database name in a PostgreSQL URL replaced. */
export const withDatabase = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

/** Runs one statement on the server of `url` (creating or dropping a test database). */
export const onServer = async (url: string, statement: string) => {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
};

const prepare = async (config: { databaseUrl?: string; dataDir: string }) => {
  const database = await openAndMigrate(config);
  // The demo's files go where each test file's app finds them (harness.ts copies them).
  await seedDatabase(database.db, localBlobStore(join(config.dataDir, 'storage')));
  const jobs = createJobs(database, pino({ level: 'silent' }), { workers: false });
  await jobs.start();
  await jobs.stop();
  await database.close();
};

/**
 * Test databases on a PostgreSQL server (the template and each file's clone, which does not inherit
 * it) commit without waiting for the disk (`synchronous_commit = off`): a crash would lose the last
 * commits of a database nobody keeps, while on a slow disk every commit of every test waits on a
 * flush. Visibility and locking are unchanged; everything else is the server as deployed.
 *
 * Migrates and seeds ONE template per run: a PGlite folder that each test file copies, or, when
 * TEST_DATABASE_URL is set, a PostgreSQL database each test file clones with CREATE DATABASE ...
 * TEMPLATE. Fresh, isolated databases per file at a fraction of the cost of migrating each.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `aval_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
    await admin.query(`alter database ${name} set synchronous_commit = off`);
    await admin.end();
    await prepare({ databaseUrl: withDatabase(url, name), dataDir: join(root, '.tmp') });
    project.provide('postgresTemplate', name);
    project.provide('pgliteTemplate', '');
    project.provide('templateStorage', join(root, '.tmp', 'storage'));
    return async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      const { rows } = await c.query<{ datname: string }>(
        // Only this run's databases: other runs may share the server (LIKE's `_` would match theirs).
        "select datname from pg_database where datname = $1 or starts_with(datname, $1 || '_')",
        [name],
      );
      for (const r of rows) await c.query(`drop database if exists ${r.datname} with (force)`);
      await c.end();
    };
  }
  const dir = join(root, '.tmp', `template-${process.pid}`);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  await prepare({ dataDir: dir });
  project.provide('pgliteTemplate', join(dir, 'pglite'));
  project.provide('postgresTemplate', '');
  project.provide('templateStorage', join(dir, 'storage'));
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
