import { sql } from 'drizzle-orm';
import { type PgDatabase, type PgQueryResultHKT, pgPolicy, pgRole } from 'drizzle-orm/pg-core';

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
 * Runs `fn` in a transaction as the non-owner app role with `app.company_id` set, so row-level
 * security confines every statement to that company even where a query forgets its filter.
 */
export const withTenant = <D extends AnyPgDatabase, T>(
  db: D,
  companyId: number,
  fn: (tx: TransactionOf<D>) => Promise<T>,
): Promise<T> =>
  db.transaction(async (tx) => {
    // One round trip: the company setting and `SET LOCAL ROLE aval_app` (role is a setting too).
    await tx.execute(
      sql`select set_config('app.company_id', ${String(companyId)}, true), set_config('role', 'aval_app', true)`,
    );
    return fn(tx as TransactionOf<D>);
  });
