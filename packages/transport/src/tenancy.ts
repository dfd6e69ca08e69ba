import { sql } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import {
  type PgDatabase,
  type PgDialect,
  type PgQueryResultHKT,
  pgPolicy,
  pgRole,
} from 'drizzle-orm/pg-core';
import pg, { type PoolClient } from 'pg';

/**
 * The non-owner role every request runs as (`SET LOCAL ROLE`). The API's first custom migration
 * creates it; row-level security applies to it because it owns no table. Every service (API,
 * kanban) declares its tenant tables' policies with `tenantPolicy` and runs requests through
 * `withTenant`, so the rule lives in one place.
 */
export const appRole = pgRole('aval_app').existing();

/** The setting `withTenant` fills and every tenant policy reads. */
export const companySetting = 'app.company_id';

const sameCompany = sql`company_id = nullif(current_setting('app.company_id', true), '')::integer`;

/** Row-level security policy: the app role sees and writes only rows of the request's company. */
export const tenantPolicy = (table: string) =>
  pgPolicy(`${table}_tenant_isolation`, {
    as: 'permissive',
    for: 'all',
    to: appRole,
    using: sameCompany,
    withCheck: sameCompany,
  });

// biome-ignore lint/suspicious/noExplicitAny: any schema; the transaction type follows the database's
export type AnyPgDatabase = PgDatabase<PgQueryResultHKT, any>;
/** The transaction type of a Drizzle PostgreSQL database. */
export type TransactionOf<D extends AnyPgDatabase> = Parameters<Parameters<D['transaction']>[0]>[0];

/**
 * The statements that open a request's transaction, as one simple-protocol message: `begin`, the
 * company setting and `SET LOCAL ROLE aval_app` (role is a setting too). `companyId` is checked to
 * be an integer, so it is safe in the text.
 */
const beginTenant = (companyId: number) => {
  if (!Number.isSafeInteger(companyId)) throw new Error(`company id must be an integer: ${companyId}`);
  return `begin; select set_config('app.company_id', '${companyId}', true), set_config('role', 'aval_app', true)`;
};

type PoolLike = { connect: () => Promise<PoolClient> };
/** What `withTenant` reads of a node-postgres Drizzle database (Drizzle keeps these unexported). */
type NodePgDb = { dialect: PgDialect; session: { client: unknown; schema: unknown; options: unknown } };

const pooledSession = (db: AnyPgDatabase): NodePgDb | undefined => {
  const session: unknown = (db as unknown as Partial<NodePgDb>).session;
  return session instanceof NodePgSession &&
    (session as unknown as NodePgDb['session']).client instanceof pg.Pool
    ? (db as unknown as NodePgDb)
    : undefined;
};

/**
 * Runs `fn` in a transaction as the non-owner app role with `app.company_id` set, so row-level
 * security confines every statement to that company even where a query forgets its filter.
 *
 * On a node-postgres pool the transaction opens in one round trip (`beginTenant`) instead of two,
 * and commits without Drizzle's query building (issue 12: a list read is a handful of round trips,
 * so one fewer is felt). The transaction object is Drizzle's own, so `tx.transaction()` still
 * nests as savepoints. On PGlite (in-process, no round trips) Drizzle's `transaction` is used.
 */
export const withTenant = <D extends AnyPgDatabase, T>(
  db: D,
  companyId: number,
  fn: (tx: TransactionOf<D>) => Promise<T>,
): Promise<T> => {
  const nodePg = pooledSession(db);
  if (nodePg) return pooledTenant(nodePg, companyId, fn as (tx: unknown) => Promise<T>);
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(beginTenant(companyId).slice('begin; '.length)));
    return fn(tx as TransactionOf<D>);
  });
};

const pooledTenant = async <T>(db: NodePgDb, companyId: number, fn: (tx: unknown) => Promise<T>) => {
  const begin = beginTenant(companyId);
  const { session, dialect } = db;
  const client = await (session.client as PoolLike).connect();
  let broken: Error | undefined;
  try {
    const txSession = new NodePgSession(client, dialect, session.schema as never, session.options as never);
    const tx = new NodePgTransaction(dialect, txSession, session.schema as never);
    try {
      // Inside the try: a `begin` whose setting failed leaves an aborted transaction to roll back.
      await client.query(begin);
      const result = await fn(tx);
      await client.query('commit');
      return result;
    } catch (err) {
      await client.query('rollback').catch((rollbackError: Error) => {
        broken = rollbackError;
      });
      throw err;
    }
  } finally {
    // A connection that could not roll back is closed, never handed to the next request.
    client.release(broken);
  }
};
