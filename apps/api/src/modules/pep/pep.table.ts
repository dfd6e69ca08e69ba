import { date, index, integer, pgTable, serial, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.js';
import { companyIdColumn, tenantPolicy } from '../../db/tenancy.js';

/**
 * The PEP list the insurer imports (Circular SUSEP 612/2020; federal list format): each import
 * replaces the company's list. CPF as the list shows it (six visible digits).
 */
export const pepListEntries = pgTable(
  'pep_list_entries',
  {
    id: serial('id').primaryKey(),
    companyId: companyIdColumn(),
    maskedCpf: text('masked_cpf').notNull(),
    cpfDigits: text('cpf_digits').notNull(),
    name: text('name').notNull(),
    role: text('role').notNull().default(''),
    organ: text('organ').notNull().default(''),
    startDate: date('start_date'),
    endDate: date('end_date'),
    importId: uuid('import_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('pep_list_entries_digits_idx').on(t.companyId, t.cpfDigits),
    tenantPolicy('pep_list_entries'),
  ],
);

/**
 * Partners (QSA, quadro de sócios e administradores) of policy holders and insureds, screened
 * against the PEP list. Owner: `PolicyHolder` or `Insured` and its id.
 */
export const qsaMembers = pgTable(
  'qsa_members',
  {
    id: serial('id').primaryKey(),
    companyId: companyIdColumn(),
    ownerType: text('owner_type').$type<'PolicyHolder' | 'Insured'>().notNull(),
    ownerId: integer('owner_id').notNull(),
    name: text('name').notNull(),
    cpf: text('cpf').notNull(),
    role: text('role'),
    createdAt: createdAt(),
  },
  (t) => [
    index('qsa_members_owner_idx').on(t.companyId, t.ownerType, t.ownerId),
    tenantPolicy('qsa_members'),
  ],
);
