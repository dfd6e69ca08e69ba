import { type SQL, sql } from 'drizzle-orm';
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
 * The settings of a request's transaction: the company and `SET LOCAL ROLE aval_app`. Utility
 * statements, not `select set_config(…)`: PostgreSQL plans nothing for them (issue 16: 0.03 ms less
 * per request). `companyId` is checked to be an integer, so it is safe in the text.
 */
const tenantSettings = (companyId: number) => {
  if (!Number.isSafeInteger(companyId)) throw new Error(`company id must be an integer: ${companyId}`);
  return [`set local app.company_id = '${companyId}'`, 'set local role aval_app'];
};

/**
 * How a request's transaction runs. `snapshot`: every statement sees the database as of the first
 * one (REPEATABLE READ), and nothing may be written (READ ONLY). For reads made of several
 * statements, e.g. a detail with its children and log: under READ COMMITTED a change committed
 * between two of them showed the old row beside the new log.
 */
export type TenantOptions = { snapshot?: boolean };

/** `begin` and the settings as one simple-protocol message (one write, one answer). */
const beginTenant = (companyId: number, options: TenantOptions) =>
  [
    options.snapshot ? 'begin isolation level repeatable read read only' : 'begin',
    ...tenantSettings(companyId),
  ].join('; ');

type PoolLike = { connect: () => Promise<PoolClient> };
/** What `withTenant` reads of a node-postgres Drizzle database (Drizzle keeps these unexported). */
type NodePgDb = { dialect: PgDialect; session: { client: unknown; schema: unknown; options: unknown } };

/** The node-postgres Drizzle database or transaction `db` is, if it is one (not PGlite). */
const nodePgOf = (db: unknown): NodePgDb | undefined =>
  (db as Partial<NodePgDb>).session instanceof NodePgSession ? (db as NodePgDb) : undefined;

/** The node-postgres database on a pool (not a transaction), if `db` is one. */
const pooledSession = (db: AnyPgDatabase): NodePgDb | undefined => {
  const nodePg = nodePgOf(db);
  return nodePg?.session.client instanceof pg.Pool ? nodePg : undefined;
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
  options: TenantOptions = {},
): Promise<T> => {
  const nodePg = pooledSession(db);
  if (nodePg) return pooledTenant(nodePg, companyId, fn as (tx: unknown) => Promise<T>, options);
  return db.transaction(
    async (tx) => {
      for (const setting of tenantSettings(companyId)) await tx.execute(sql.raw(setting));
      return fn(tx as TransactionOf<D>);
    },
    options.snapshot ? { isolationLevel: 'repeatable read', accessMode: 'read only' } : undefined,
  );
};

/**
 * Whether a statement only reads: a plain `select` that takes no row lock, no advisory lock and
 * calls none of the functions with effects a commit would make visible, or a lone `set local` (it
 * ends with the transaction). Anything else (insert, update, delete, a CTE, a savepoint, a lock)
 * counts as a write. The schema has no volatile function of its own (rls.test checks it).
 */
export const isPlainRead = (text: string) =>
  transactionSetting.test(text) ||
  (/^\s*select\b/i.test(text) &&
    !/\bfor\s+(no\s+key\s+update|update|key\s+share|share)\b|\b(nextval|setval|set_config|pg_notify|pg_advisory\w*|lo_\w+)\s*\(/i.test(
      text,
    ));

/** One `set local` of a setting (it ends with the transaction: nothing for a commit to keep). */
const transactionSetting = /^\s*set\s+local\s+[\w.]+\s*(=|\s+to\s+)[^;]*$/i;

type QueryArgs = [config: string | { text: string }, values?: unknown[]];
type PipelinedClient = PoolClient & {
  pipeline?: boolean;
  connection?: { stream?: { cork?: () => void; uncork?: () => void } };
};

/**
 * The request's transaction on a pooled connection. On a client in pipeline mode (the API's pool
 * is opened with `pipeline: true`):
 * - `begin` and the company setting are not sent on their own: they go in the same write as the
 *   request's first statement, and are answered in the same round trip. A request that runs no
 *   statement opens no transaction.
 * - A transaction that only read (`isPlainRead`) is committed without waiting: nothing it did can
 *   be lost, and the connection answers its next user's statements only after the commit, in
 *   order. A transaction that wrote anything is committed before the reply, as always.
 * Without pipeline mode each step waits for its answer (three round trips).
 */
const pooledTenant = async <T>(
  db: NodePgDb,
  companyId: number,
  fn: (tx: unknown) => Promise<T>,
  options: TenantOptions,
) => {
  const begin = beginTenant(companyId, options);
  const { session, dialect } = db;
  const client = (await (session.client as PoolLike).connect()) as PipelinedClient;
  const pipelined = client.pipeline === true;
  let opened: Promise<unknown> | undefined;
  let wrote = false;
  const query = (...args: QueryArgs) => {
    const text = typeof args[0] === 'string' ? args[0] : args[0].text;
    if (!wrote && !isPlainRead(text)) wrote = true;
    if (opened) return client.query(...(args as [string, unknown[]]));
    const stream = client.connection?.stream;
    stream?.cork?.();
    let first: Promise<unknown>;
    try {
      opened = client.query(begin);
      first = client.query(...(args as [string, unknown[]]));
    } finally {
      stream?.uncork?.();
    }
    // A failed `begin` fails the statement behind it too: the caller hears of the `begin`.
    first.catch(() => undefined);
    return opened.then(() => first);
  };
  const txClient = pipelined ? ({ query } as unknown as PoolClient) : client;
  let broken: Error | undefined;
  let keep = false;
  try {
    const txSession = new NodePgSession(txClient, dialect, session.schema as never, session.options as never);
    const tx = new NodePgTransaction(dialect, txSession, session.schema as never);
    try {
      // Inside the try: a `begin` whose setting failed leaves an aborted transaction to roll back.
      if (!pipelined) {
        opened = client.query(begin);
        await opened;
      }
      const result = await fn(tx);
      if (!opened) return result;
      if (pipelined && !wrote) {
        // Read only: the commit goes out now and the connection returns to the pool; a commit
        // that fails closes the connection instead.
        keep = true;
        client.query('commit').then(
          () => client.release(),
          (err: Error) => client.release(err),
        );
        return result;
      }
      await client.query('commit');
      return result;
    } catch (err) {
      if (opened) {
        await client.query('rollback').catch((rollbackError: Error) => {
          broken = rollbackError;
        });
      }
      throw err;
    }
  } finally {
    // A connection that could not roll back is closed, never handed to the next request.
    if (!keep) client.release(broken);
  }
};

/**
 * How node-postgres reads a value of these types for Drizzle: as PostgreSQL writes it (dates,
 * timestamps, intervals and their arrays stay text). One object for every statement.
 */
const asWritten = (value: string) => value;
const keptAsText = new Set([1082, 1114, 1184, 1186, 1182, 1115, 1185, 1187, 1231]);
const driverTypes = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    keptAsText.has(oid) ? asWritten : pg.types.getTypeParser(oid, format),
};

/** How `rows` asks PostgreSQL for a generic plan of one statement, and back. */
const GENERIC_PLAN = 'set local plan_cache_mode = force_generic_plan';
const DEFAULT_PLAN = 'set local plan_cache_mode to default';

export type RowsOptions = {
  /**
   * `generic`: PostgreSQL runs the statement's generic plan, made once per connection, instead of
   * planning it for each call's values (`plan_cache_mode`, for this statement only). Only for a
   * statement whose one plan is right for any value (issue 16: a prefix search's gated page, whose
   * planning took three times its execution); inside a transaction (`set local`), on node-postgres.
   */
  plan?: 'generic';
};

/** The name of each statement text `rows` has prepared (the same text, the same name, per process). */
const statementNames = new Map<string, string>();
/** Past this many distinct texts, statements run unnamed: nothing grows without bound. */
const MAX_NAMED_STATEMENTS = 500;

/**
 * The rows of one statement, with the columns as the statement names them.
 *
 * On node-postgres the statement goes straight to the connection as a named (prepared) statement:
 * each connection parses it once and PostgreSQL keeps it, and Drizzle's execute path (its per-call
 * query object and type-parser closures) is skipped. Issue 16 measured both on a number search at
 * 1M policies: Drizzle's execute 0.58 ms, the same text through `pg` 0.46 ms, named 0.39 ms. For hot
 * reads whose text comes from a few shapes (a search's filters present or not); the values are
 * always parameters. Values read as Drizzle reads them (dates and timestamps as text). On PGlite
 * (in process, nothing to save), Drizzle's `execute`.
 */
export const rows = async <R>(
  db: AnyPgDatabase | TransactionOf<AnyPgDatabase>,
  query: SQL,
  options: RowsOptions = {},
): Promise<R[]> => {
  const nodePg = nodePgOf(db);
  if (nodePg) {
    const { sql: text, params } = nodePg.dialect.sqlToQuery(query);
    let name = statementNames.get(text);
    if (name === undefined && statementNames.size < MAX_NAMED_STATEMENTS) {
      name = `aval_${statementNames.size + 1}`;
      statementNames.set(text, name);
    }
    const client = nodePg.session.client as {
      query: (config: object | string) => Promise<{ rows: R[] }>;
    };
    const statement = { name, text, values: params, types: driverTypes };
    // Outside a transaction (a pool) a `set local` would be lost: the statement is planned as usual.
    const generic = options.plan === 'generic' && name !== undefined && !(client instanceof pg.Pool);
    if (!generic) return (await client.query(statement)).rows;
    // Sent together (one round trip on a pipelined connection); a failed setting fails the rest.
    const [, found] = await Promise.all([
      client.query(GENERIC_PLAN),
      client.query(statement),
      client.query(DEFAULT_PLAN),
    ]);
    return found.rows;
  }
  const result = await (db as AnyPgDatabase).execute(query);
  return (result as unknown as { rows: R[] }).rows;
};
