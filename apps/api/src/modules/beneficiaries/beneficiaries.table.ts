import { boolean, index, integer, pgTable, serial, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { addressColumns, createdAt } from '../../db/columns.js';
import { companyIdColumn, tenantPolicy } from '../../db/tenancy.js';

/** Beneficiaries of policies (a natural person only where the modality allows it). */
export const beneficiaries = pgTable(
  'beneficiaries',
  {
    id: serial('id').primaryKey(),
    uniqueId: uuid('unique_id').notNull().defaultRandom().unique(),
    companyId: companyIdColumn(),
    name: text('name').notNull(),
    document: text('document').notNull(),
    isNaturalPerson: boolean('is_natural_person').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('beneficiaries_company_document_idx').on(t.companyId, t.document),
    tenantPolicy('beneficiaries'),
  ],
);

export const beneficiaryLocations = pgTable(
  'beneficiary_locations',
  {
    id: serial('id').primaryKey(),
    companyId: companyIdColumn(),
    beneficiaryId: integer('beneficiary_id')
      .notNull()
      .references(() => beneficiaries.id, { onDelete: 'cascade' }),
    ...addressColumns(),
    isMain: boolean('is_main').notNull().default(true),
  },
  (t) => [index('beneficiary_locations_idx').on(t.beneficiaryId), tenantPolicy('beneficiary_locations')],
);
