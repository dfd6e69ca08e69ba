import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, optionalAddressColumns, rate, timestamps } from '../../db/columns.js';
import { companyIdColumn, tenantPolicy } from '../../db/tenancy.js';
import { modalities } from '../parameterisation/parameterisation.table.js';
import { persons, users } from '../users/users.table.js';

/**
 * A brokerage (corretora) of a company. The legal person lives in `persons` (name = company name,
 * document = CNPJ, alphanumeric allowed). Flags of spec §3: WaitingValidation (registration not yet
 * approved), HasPendingDocuments, HasPendingComplianceValidation; plus blocked and active.
 */
export const brokers = pgTable(
  'brokers',
  {
    id: serial('id').primaryKey(),
    uniqueId: uuid('unique_id').notNull().defaultRandom().unique(),
    companyId: companyIdColumn(),
    personId: integer('person_id')
      .notNull()
      .references(() => persons.id),
    /** Unmasked CNPJ (14 alphanumerics), unique per company. */
    cnpj: text('cnpj').notNull(),
    tradeName: text('trade_name'),
    susepProtocol: text('susep_protocol').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    ...optionalAddressColumns(),
    /** COMPE code of the bank (GetBanks Id). */
    bankId: integer('bank_id'),
    bankAgency: text('bank_agency'),
    bankAccount: text('bank_account'),
    bankAccountTypeId: smallint('bank_account_type_id'),
    comissionPercentage: rate('comission_percentage').notNull().default('20'),
    waitingValidation: boolean('waiting_validation').notNull().default(true),
    hasPendingDocuments: boolean('has_pending_documents').notNull().default(true),
    hasPendingComplianceValidation: boolean('has_pending_compliance_validation').notNull().default(true),
    /**
     * When the registration's documentation card (ANALISE_DOCUMENTACAO_CORRETORA) was approved; the
     * brokerage is activated once this and the compliance card (the flag above) are both approved.
     */
    documentationApprovedAt: timestamp('documentation_approved_at', { withTimezone: true }),
    isBlocked: boolean('is_blocked').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    approvedByUserId: integer('approved_by_user_id').references((): AnyPgColumn => users.id, {
      onDelete: 'set null',
    }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('brokers_company_cnpj_idx').on(t.companyId, t.cnpj),
    // Target of users' (company_id, broker_id) foreign key: a user's brokerage is of its company.
    unique('brokers_company_id_key').on(t.companyId, t.id),
    index('brokers_company_name_idx').on(t.companyId, t.waitingValidation),
    tenantPolicy('brokers'),
  ],
);

/** Administrator (1) and financial officer (2) of a brokerage. */
export const brokerResponsiblePersons = pgTable(
  'broker_responsible_persons',
  {
    id: serial('id').primaryKey(),
    companyId: companyIdColumn(),
    brokerId: integer('broker_id')
      .notNull()
      .references(() => brokers.id, { onDelete: 'cascade' }),
    typeId: smallint('type_id').notNull(),
    name: text('name').notNull(),
    cpf: text('cpf').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    createdAt: createdAt(),
  },
  (t) => [
    index('broker_responsible_persons_broker_idx').on(t.brokerId),
    tenantPolicy('broker_responsible_persons'),
  ],
);

/**
 * A self-registration started at /iniciar-cadastro: the CNPJ, the e-mail the link went to and the
 * hash of the link's token. Status: open → completed (InsertBroker) or superseded (a newer request).
 */
export const brokerRegistrationRequests = pgTable(
  'broker_registration_requests',
  {
    id: serial('id').primaryKey(),
    companyId: companyIdColumn(),
    cnpj: text('cnpj').notNull(),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    status: text('status').notNull().default('open'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    brokerId: integer('broker_id').references(() => brokers.id, { onDelete: 'set null' }),
    requestIp: text('request_ip'),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('broker_registration_requests_cnpj_idx').on(t.companyId, t.cnpj),
    uniqueIndex('broker_registration_requests_token_idx').on(t.tokenHash),
    tenantPolicy('broker_registration_requests'),
  ],
);

/** Commission range of a broker for one modality (overrides the modality's range). */
export const brokerCommissions = pgTable(
  'broker_commissions',
  {
    id: serial('id').primaryKey(),
    companyId: companyIdColumn(),
    brokerId: integer('broker_id')
      .notNull()
      .references(() => brokers.id, { onDelete: 'cascade' }),
    modalityId: integer('modality_id')
      .notNull()
      .references(() => modalities.id, { onDelete: 'cascade' }),
    minPercentage: rate('min_percentage').notNull(),
    maxPercentage: rate('max_percentage').notNull(),
    defaultPercentage: rate('default_percentage'),
  },
  (t) => [
    uniqueIndex('broker_commissions_broker_modality_idx').on(t.brokerId, t.modalityId),
    check('broker_commissions_range_chk', sql`${t.minPercentage} <= ${t.maxPercentage}`),
    tenantPolicy('broker_commissions'),
  ],
);
