import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { MigrationSet } from '@aval/transport/probes';
import { withTenant as sharedWithTenant, type TenantOptions } from '@aval/transport/tenancy';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';

/**
 * No relational schema is given to Drizzle: the API reads with the query builder only, and a
 * schema made every transaction build a relational query builder per table (27 µs per request,
 * issue 12).
 */
export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = PgTransaction<PgQueryResultHKT>;
/** What repositories receive: the request's tenant transaction (or, for system work, the database). */
export type DbOrTx = Db | Tx;

export type Database = {
  driver: 'pglite' | 'postgres';
  db: Db;
  /** The embedded instance, when driver is pglite (pg-boss and dumps need it). */
  pglite?: PGlite;
  /** The connection pool, when driver is postgres. */
  pool?: pg.Pool;
  /** A streaming replica of the PostgreSQL server, for the reads that allow it (db/replica.ts). */
  replica?: { db: Db; pool: pg.Pool };
  close: () => Promise<void>;
};

export const apiMigrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

export type OpenOptions = { databaseUrl?: string; replicaUrl?: string; pgliteDir?: string; poolMax?: number };

/** A pipelined pool that survives its connections' errors (see openDatabase). */
const openPool = (connectionString: string, max: number) => {
  // Pipeline mode: a request's `begin` travels with its first statement (withTenant).
  const pool = new pg.Pool({ connectionString, max, pipeline: true });
  pool.on('error', () => undefined);
  // A connection cut while a transaction holds it (restart, failover) emits 'error' on the
  // checked-out client, where the pool has no listener: without this, the process would crash.
  // The statement in flight still fails (→ 503) and the pool drops the broken client.
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
};

/** Opens PostgreSQL through `databaseUrl`, else PGlite in `pgliteDir` (in memory when neither). */
export const openDatabase = async (options: OpenOptions): Promise<Database> => {
  if (options.databaseUrl) {
    const pool = openPool(options.databaseUrl, options.poolMax ?? 10);
    const db = drizzlePg(pool) as unknown as Db;
    const replicaPool = options.replicaUrl ? openPool(options.replicaUrl, options.poolMax ?? 10) : undefined;
    return {
      driver: 'postgres',
      db,
      pool,
      replica: replicaPool ? { db: drizzlePg(replicaPool) as unknown as Db, pool: replicaPool } : undefined,
      close: async () => {
        await replicaPool?.end();
        await pool.end();
      },
    };
  }
  if (options.pgliteDir) mkdirSync(options.pgliteDir, { recursive: true });
  // pg_trgm and btree_gin: the company-led trigram indexes of the searches at scale (PostgreSQL
  // ships both in contrib).
  const pglite = await PGlite.create(options.pgliteDir, { extensions: { pg_trgm, btree_gin } });
  const db = drizzlePglite(pglite) as unknown as Db;
  return { driver: 'pglite', db, pglite, close: () => pglite.close() };
};

export const apiMigrations: MigrationSet = {
  folder: apiMigrationsFolder,
  schema: 'public',
  table: '__drizzle_migrations',
};

/** Applies migration sets in order (API first: it creates the app role others rely on). */
/**
 * The app role is cluster-wide: two processes migrating two databases of one server at once (an
 * instance and a test run, or two instances) could both find it missing and both create it. Made
 * here first, a lost race is caught, so the first migration finds the role and creates nothing.
 */
const ensureAppRole = (database: Database) =>
  database.db.execute(
    sql.raw(`DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'aval_app') THEN
    CREATE ROLE aval_app NOLOGIN;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN
  NULL;
END
$$`),
  );

export const migrateDatabase = async (database: Database, sets: MigrationSet[]): Promise<void> => {
  if (database.driver !== 'pglite') await ensureAppRole(database);
  for (const set of sets) {
    const config = { migrationsFolder: set.folder, migrationsSchema: set.schema, migrationsTable: set.table };
    if (database.driver === 'pglite') {
      // biome-ignore lint/suspicious/noExplicitAny: the two drivers' migrators take their own db type
      await migratePglite(database.db as any, config);
    } else {
      // biome-ignore lint/suspicious/noExplicitAny: same as above
      await migratePg(database.db as any, config);
    }
  }
};

/**
 * Runs `fn` in a transaction as the non-owner app role with `app.company_id` set, so row-level
 * security confines every statement to that company even where a query forgets its filter
 * (the one helper of @aval/transport, typed for the API's schema).
 */
export const withTenant = <T>(
  db: Db,
  companyId: number,
  fn: (tx: Tx) => Promise<T>,
  options?: TenantOptions,
): Promise<T> => sharedWithTenant(db, companyId, (tx) => fn(tx as Tx), options);
