import { boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

/**
 * The platform's own tables, below every module: the tenants (read by the RLS helpers and the
 * transport before a tenant is known) and the generated secrets. The portal module owns what the
 * portal shows of a company (its hosts, its configuration calls).
 */

/** Insurers (tenants). Read before a tenant is known (by host or CompanyKey), so not under RLS. */
export const companies = pgTable('companies', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  companyKey: text('company_key').notNull().unique(),
  kanbanServiceUrl: text('kanban_service_url'),
  maintenance: boolean('maintenance').notNull().default(false),
  warnMaintenance: boolean('warn_maintenance').notNull().default(false),
  maintenanceMessage: text('maintenance_message'),
  primaryColor: text('primary_color').notNull().default('#0e65a5'),
  successColor: text('success_color').notNull().default('#28C76F'),
  dangerColor: text('danger_color').notNull().default('#EA5455'),
  warningColor: text('warning_color').notNull().default('#FF9F43'),
  lineColor: text('line_color').notNull().default('#ff9f43'),
  font: text('font').notNull().default('Montserrat'),
  logoUrl: text('logo_url'),
  /**
   * Where people open this insurer's portal (scheme and host, e.g. `https://garantia.aurora.com.br`):
   * the base of the links in its e-mails. When null: PUBLIC_URL, else its default host on PORT.
   */
  publicUrl: text('public_url'),
  createdAt: createdAt(),
});

/** Generated secrets shared by every instance (signing keys), created once when not configured. */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});
