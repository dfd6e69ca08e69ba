import { boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { companies } from '../../db/platform.table.js';

/** Host names (DNS) that serve a company's portal. */
export const companyHosts = pgTable('company_hosts', {
  host: text('host').primaryKey(),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' }),
  isDefault: boolean('is_default').notNull().default(false),
});
