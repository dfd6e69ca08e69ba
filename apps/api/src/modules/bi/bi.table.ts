import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { companyIdColumn, tenantPolicy } from '../../db/tenancy.js';

/**
 * A company's external BI (Metabase static embedding, issue 17): the site, the dashboard and the
 * embedding secret, encrypted (AES-256-GCM with the server's `bi_settings_key` from app_secrets, so
 * a copy of this table alone does not reveal it). One row per company; no row = built-in dashboard.
 */
export const biSettings = pgTable(
  'bi_settings',
  {
    companyId: companyIdColumn().primaryKey(),
    siteUrl: text('site_url').notNull(),
    dashboardId: integer('dashboard_id').notNull(),
    /** `iv.tag.ciphertext`, base64url each. */
    secretEncrypted: text('secret_encrypted').notNull(),
    updatedByUserId: integer('updated_by_user_id'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [tenantPolicy('bi_settings')],
);
