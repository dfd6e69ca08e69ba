import { integer } from 'drizzle-orm/pg-core';
import { companies } from './platform.table.js';

/** The app role and the tenant policy live in @aval/transport, shared with the kanban service. */
export { appRole, tenantPolicy } from '@aval/transport/tenancy';

/** The tenant column every tenant table carries. */
export const companyIdColumn = () =>
  integer('company_id')
    .notNull()
    .references(() => companies.id);
