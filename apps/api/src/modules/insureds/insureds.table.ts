import { boolean, index, integer, pgTable, serial, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { addressColumns, createdAt, timestamps } from '../../db/columns.js';
import { companyIdColumn, tenantPolicy } from '../../db/tenancy.js';

/** Insureds (segurados): the obligees, public bodies (branch 0775) or private companies (0776). */
export const insureds = pgTable(
  'insureds',
  {
    id: serial('id').primaryKey(),
    uniqueId: uuid('unique_id').notNull().defaultRandom().unique(),
    companyId: companyIdColumn(),
    name: text('name').notNull(),
    document: text('document').notNull(),
    isPrivate: boolean('is_private').notNull().default(false),
    isBlocked: boolean('is_blocked').notNull().default(false),
    blockJustification: text('block_justification'),
    email: text('email'),
    phone: text('phone'),
    ...timestamps(),
  },
  (t) => [uniqueIndex('insureds_company_document_idx').on(t.companyId, t.document), tenantPolicy('insureds')],
);

export const insuredLocations = pgTable(
  'insured_locations',
  {
    id: serial('id').primaryKey(),
    companyId: companyIdColumn(),
    insuredId: integer('insured_id')
      .notNull()
      .references(() => insureds.id, { onDelete: 'cascade' }),
    ...addressColumns(),
    isMain: boolean('is_main').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('insured_locations_insured_idx').on(t.insuredId), tenantPolicy('insured_locations')],
);
