import { sql } from 'drizzle-orm';
import { integer, pgPolicy, pgRole } from 'drizzle-orm/pg-core';
import { companies } from '../modules/portal/portal.table.js';

/**
 * The non-owner role every request runs as (`SET LOCAL ROLE`). Created by the first custom
 * migration; row-level security applies to it because it owns no table.
 */
export const appRole = pgRole('aval_app').existing();

const sameCompany = sql`company_id = nullif(current_setting('app.company_id', true), '')::integer`;

/** The tenant column every tenant table carries. */
export const companyIdColumn = () =>
  integer('company_id')
    .notNull()
    .references(() => companies.id);

/** Row-level security policy: the app role sees and writes only rows of the request's company. */
export const tenantPolicy = (table: string) =>
  pgPolicy(`${table}_tenant_isolation`, {
    as: 'permissive',
    for: 'all',
    to: appRole,
    using: sameCompany,
    withCheck: sameCompany,
  });
