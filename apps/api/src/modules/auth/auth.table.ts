import { index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.js';
import { companyIdColumn, tenantPolicy } from '../../db/tenancy.js';
import { users } from '../users/users.table.js';

/** OAuth2 clients registered per company (the portal SPA is a public client). */
export const oauthClients = pgTable(
  'oauth_clients',
  {
    id: serial('id').primaryKey(),
    companyId: companyIdColumn(),
    clientId: text('client_id').notNull(),
    /** argon2id hash of the client secret. */
    secretHash: text('secret_hash').notNull(),
    grants: text('grants').array().notNull(),
    accessTokenSeconds: integer('access_token_seconds').notNull().default(900),
    refreshTokenSeconds: integer('refresh_token_seconds')
      .notNull()
      .default(60 * 60 * 24 * 14),
  },
  (t) => [
    uniqueIndex('oauth_clients_company_client_idx').on(t.companyId, t.clientId),
    tenantPolicy('oauth_clients'),
  ],
);

/** Opaque refresh tokens, stored hashed; rotated on every use; a family is revoked on reuse. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    companyId: companyIdColumn(),
    tokenHash: text('token_hash').notNull().unique(),
    familyId: uuid('family_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The advisor acting as `userId`, if any. */
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'cascade' }),
    clientId: text('client_id').notNull(),
    scope: text('scope').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId), tenantPolicy('refresh_tokens')],
);

/** Single-use, expiring links: password recovery and first access. Stored hashed. */
export const passwordTokens = pgTable(
  'password_tokens',
  {
    id: serial('id').primaryKey(),
    companyId: companyIdColumn(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  () => [tenantPolicy('password_tokens')],
);

/** Versions of a company's terms of use (HTML, sanitised on save). */
export const termsOfUse = pgTable(
  'terms_of_use',
  {
    id: serial('id').primaryKey(),
    companyId: companyIdColumn(),
    version: integer('version').notNull(),
    html: text('html').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('terms_company_version_idx').on(t.companyId, t.version), tenantPolicy('terms_of_use')],
);

export const termAcceptances = pgTable(
  'term_acceptances',
  {
    id: serial('id').primaryKey(),
    companyId: companyIdColumn(),
    termId: integer('term_id')
      .notNull()
      .references(() => termsOfUse.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    ipAddress: text('ip_address'),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('term_acceptances_user_term_idx').on(t.userId, t.termId),
    tenantPolicy('term_acceptances'),
  ],
);

/** Company tags ([NAME] → value) replaced in the terms of use. */
export const companyTags = pgTable(
  'company_tags',
  {
    id: serial('id').primaryKey(),
    companyId: companyIdColumn(),
    name: text('name').notNull(),
    value: text('value').notNull(),
  },
  (t) => [uniqueIndex('company_tags_company_name_idx').on(t.companyId, t.name), tenantPolicy('company_tags')],
);
