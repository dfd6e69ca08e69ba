import { date, integer, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
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

/**
 * The dashboard's premium production per closed month (issue 17): for each company, month (the
 * first day; months in Brazil's calendar) and the dimensions the filters use (branch, modality,
 * broker), the sums the chart reads live otherwise: premium written at issue (policies issued,
 * cancelled or ended), extra premium and restitutions of approved endorsements, restitutions of
 * cancellations. Rebuilt per company by the daily `bi-aggregates` job (bi.jobs.ts); the dashboard
 * reads whole closed months up to the company's `bi_refreshes.through_month` from here and the rest
 * (the current month, the edges of a period that starts or ends mid-month, months closed since the
 * last run) from the live tables, so its numbers are those of the live computation.
 */
export const biPremiumMonths = pgTable(
  'bi_premium_months',
  {
    companyId: companyIdColumn(),
    month: date('month', { mode: 'string' }).notNull(),
    branchId: integer('branch_id').notNull(),
    modalityId: integer('modality_id').notNull(),
    brokerId: integer('broker_id').notNull(),
    /** The smallest of the group's names, as the live query's min(modality_name). */
    modalityName: text('modality_name').notNull(),
    /** Exact sums (numeric without a scale), rounded to cents only where the dashboard reads them. */
    written: numeric('written').notNull(),
    restitutions: numeric('restitutions').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.month, t.branchId, t.modalityId, t.brokerId] }),
    tenantPolicy('bi_premium_months'),
  ],
);

/** The last rebuild of a company's BI aggregates: months up to `through_month` are in them. */
export const biRefreshes = pgTable(
  'bi_refreshes',
  {
    companyId: companyIdColumn().primaryKey(),
    throughMonth: date('through_month', { mode: 'string' }).notNull(),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [tenantPolicy('bi_refreshes')],
);
