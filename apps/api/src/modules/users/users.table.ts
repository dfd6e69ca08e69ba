import { sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, timestamps } from '../../db/columns.js';
import { companyIdColumn, tenantPolicy } from '../../db/tenancy.js';
import { brokers } from '../brokers/brokers.table.js';

/** A natural or legal person behind a user (and, later, behind brokers and policy holders). */
export const persons = pgTable(
  'persons',
  {
    id: serial('id').primaryKey(),
    companyId: companyIdColumn(),
    uniqueId: uuid('unique_id').notNull().defaultRandom().unique(),
    name: text('name').notNull(),
    document: text('document'),
    email: text('email'),
    phone: text('phone'),
    createdAt: createdAt(),
  },
  (t) => [index('persons_company_document_idx').on(t.companyId, t.document), tenantPolicy('persons')],
);

/** Access profiles of a company, per user type; they hold menu functionalities (permissions). */
export const profiles = pgTable(
  'profiles',
  {
    id: serial('id').primaryKey(),
    companyId: companyIdColumn(),
    uniqueId: uuid('unique_id').notNull().defaultRandom().unique(),
    name: text('name').notNull(),
    userTypeId: smallint('user_type_id').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('profiles_company_type_name_idx').on(t.companyId, t.userTypeId, sql`lower(${t.name})`),
    tenantPolicy('profiles'),
  ],
);

/** Users (UserInfo of the spec). Username is the e-mail, unique per company. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    companyId: companyIdColumn(),
    uniqueId: uuid('unique_id').notNull().defaultRandom().unique(),
    personId: integer('person_id')
      .notNull()
      .references(() => persons.id),
    username: text('username').notNull(),
    passwordHash: text('password_hash'),
    userTypeId: smallint('user_type_id').notNull(),
    profileId: integer('profile_id').references(() => profiles.id),
    /** Broker (brokers.id, of the same company) of a broker or agent user. */
    brokerId: integer('broker_id'),
    /** Policy holder (policy_holders.id) of a policy-holder user; set by the registries module. */
    policyHolderId: integer('policy_holder_id'),
    isActive: boolean('is_active').notNull().default(true),
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('users_company_username_idx').on(t.companyId, sql`lower(${t.username})`),
    index('users_profile_idx').on(t.profileId),
    // A user's brokerage is one of its own company's.
    foreignKey({
      name: 'users_broker_fk',
      columns: [t.companyId, t.brokerId],
      foreignColumns: [brokers.companyId, brokers.id],
    }),
    tenantPolicy('users'),
  ],
);

/** Menus of the portal (global catalogue, spec §2 side menu). */
export const menus = pgTable('menus', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  route: text('route').notNull(),
  defaultOrder: integer('default_order').notNull(),
});

/** Menu functionalities = the permission ids of spec §6, each under one menu (global catalogue). */
export const menuFunctionalities = pgTable('menu_functionalities', {
  id: integer('id').primaryKey(),
  menuId: integer('menu_id')
    .notNull()
    .references(() => menus.id),
  name: text('name').notNull(),
  refUniqueId: uuid('ref_unique_id'),
  /** User types this functionality may be given to (empty = every type). */
  userTypeIds: smallint('user_type_ids').array().notNull().default(sql`'{}'::smallint[]`),
});

/** Per-company order and visibility of the menus (/parametrizacao/menu). */
export const companyMenus = pgTable(
  'company_menus',
  {
    companyId: companyIdColumn(),
    menuId: integer('menu_id')
      .notNull()
      .references(() => menus.id),
    order: integer('order').notNull(),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.menuId] }), tenantPolicy('company_menus')],
);

export const profileFunctionalities = pgTable(
  'profile_functionalities',
  {
    companyId: companyIdColumn(),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    functionalityId: integer('functionality_id')
      .notNull()
      .references(() => menuFunctionalities.id),
  },
  (t) => [primaryKey({ columns: [t.profileId, t.functionalityId] }), tenantPolicy('profile_functionalities')],
);

/** Which broker users an advisor may act as. */
export const advisorBrokers = pgTable(
  'advisor_brokers',
  {
    companyId: companyIdColumn(),
    advisorUserId: integer('advisor_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    brokerUserId: integer('broker_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.advisorUserId, t.brokerUserId] }), tenantPolicy('advisor_brokers')],
);

/** External data queries made about a CPF/CNPJ (GetPersonThr3dAPIHistory); later issues write here. */
export const personApiHistory = pgTable(
  'person_api_history',
  {
    id: serial('id').primaryKey(),
    companyId: companyIdColumn(),
    document: text('document').notNull(),
    provider: text('provider').notNull(),
    queryType: text('query_type').notNull(),
    status: text('status').notNull(),
    requestedByUserId: integer('requested_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('person_api_history_doc_idx').on(t.companyId, t.document),
    tenantPolicy('person_api_history'),
  ],
);
