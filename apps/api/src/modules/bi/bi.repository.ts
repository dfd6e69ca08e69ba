import { rows } from '@aval/transport/tenancy';
import { eq, sql } from 'drizzle-orm';
import type { TenantContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { currentTime } from '../../lib/clock.js';
import { endorsementPremiumMoves } from '../endorsements/index.js';
import {
  type DayRange,
  type PremiumMove,
  type ProductionFilters,
  policyPremiumMoves,
  productionWhere,
} from '../policies/index.js';
import { biPremiumMonths, biRefreshes, biSettings } from './bi.table.js';

/**
 * BI's own tables: the monthly premium aggregates (`bi_premium_months`, `bi_refreshes`) and the
 * external BI settings. The figures of the other domains come from their read models (issue 29):
 * the premium chart sums the policies' and endorsements' premium moves (their query pieces) with the
 * stored months in one statement, and the rebuild stores those moves; every other figure is read by
 * bi.service.ts from the owning module. Every query is led by `company_id` (indexes and RLS) and
 * runs in the request's tenant transaction.
 */

/** The filters every query applies: the branch, modality and brokers chosen (the company is the caller's). */
export type Filters = ProductionFilters;

export type Scope = Filters & { start: string; end: string; today: string };

/** Days `from` to `to`, both included, in Brazil's calendar (`YYYY-MM-DD`). */
export type Days = DayRange;

/** Closed months `from` to `to` (their first days) read from `bi_premium_months`. */
export type Months = { from: string; to: string };

/**
 * Every premium move with its day in Brazil: written at issue (policies issued, cancelled or
 * ended), extra premium and restitution of approved endorsements, restitution of cancellations
 * (the policies' and the endorsements' read models). `ranges` bounds the timestamps (a day around
 * each range, for the time zone; the caller keeps the exact days); `all` reads every move of the
 * company (the aggregates' rebuild).
 */
const premiumMoves = (ctx: Pick<TenantContext, 'company'>, f: Filters, ranges: readonly Days[] | 'all') =>
  sql<PremiumMove>`${policyPremiumMoves(ctx, f, ranges)}
      union all
      ${endorsementPremiumMoves(ctx, f, ranges)}`;

/**
 * Premium per month and modality: the moves of the `live` days read from the policies and
 * endorsements, plus the closed months `stored` read from `bi_premium_months` (none when absent).
 * The sums are exact until the final rounding, so splitting a period between the two gives the
 * numbers of reading it all live.
 */
export const premiumByMonth = (ctx: TenantContext, s: Scope, live: readonly Days[], stored?: Months) =>
  rows<{
    month: string;
    modality_id: number;
    modality_name: string;
    written: string;
    restitutions: string;
  }>(
    ctx.db,
    sql`with moves as (${premiumMoves(ctx, s, live)}),
    lines as (
      select to_char(day, 'YYYY-MM') as month, modality_id, modality_name, written, restitution
        from moves
       where ${
         live.length
           ? sql.join(
               live.map((r) => sql`day between ${r.from}::date and ${r.to}::date`),
               sql` or `,
             )
           : sql`false`
       }
      union all
      select to_char(a.month, 'YYYY-MM'), a.modality_id, a.modality_name, a.written, a.restitutions
        from bi_premium_months a
       where ${stored ? sql`${productionWhere('a', ctx.company.id, s)} and a.month between ${stored.from}::date and ${stored.to}::date` : sql`false`}
    )
    select month, modality_id, min(modality_name) as modality_name,
           sum(written)::numeric(18,2)::text as written, sum(restitution)::numeric(18,2)::text as restitutions
      from lines
     group by 1, 2
     order by 1, 3`,
  );

/** The company's last aggregates rebuild: months up to `through_month` are stored. */
export const findRefresh = async (db: DbOrTx, companyId: number) => {
  const [row] = await db.select().from(biRefreshes).where(eq(biRefreshes.companyId, companyId));
  return row;
};

/**
 * Rebuilds the company's `bi_premium_months` from the live premium moves: every month before
 * `current` (the first day of today's month in Brazil, still moving), then records it in
 * `bi_refreshes`. Run in one transaction, so the dashboard sees the old or the new aggregates, never
 * half.
 */
export const rebuildPremiumMonths = async (ctx: TenantContext, current: string, through: string) => {
  const companyId = ctx.company.id;
  await ctx.db.delete(biPremiumMonths).where(eq(biPremiumMonths.companyId, companyId));
  await ctx.db.execute(
    sql`insert into bi_premium_months
          (company_id, month, branch_id, modality_id, broker_id, modality_name, written, restitutions)
        select ${companyId}, date_trunc('month', day::timestamp)::date, branch_id, modality_id, broker_id,
               min(modality_name), sum(written), sum(restitution)
          from (${premiumMoves(ctx, {}, 'all')}) moves
         where day < ${current}::date
         group by 2, 3, 4, 5`,
  );
  await ctx.db
    .insert(biRefreshes)
    .values({ companyId, throughMonth: through, refreshedAt: currentTime() })
    .onConflictDoUpdate({
      target: biRefreshes.companyId,
      set: { throughMonth: through, refreshedAt: currentTime() },
    });
};

// ---------------------------------------------------------------- external BI settings

export type BiSettingsRow = typeof biSettings.$inferSelect;

export const findSettings = async (db: DbOrTx, companyId: number) => {
  const [row] = await db.select().from(biSettings).where(eq(biSettings.companyId, companyId));
  return row;
};

export const saveSettings = async (
  db: DbOrTx,
  values: Omit<BiSettingsRow, 'updatedAt'>,
): Promise<BiSettingsRow> => {
  const now = currentTime();
  const [row] = await db
    .insert(biSettings)
    .values({ ...values, updatedAt: now })
    .onConflictDoUpdate({ target: biSettings.companyId, set: { ...values, updatedAt: now } })
    .returning();
  return row!;
};

export const deleteSettings = (db: DbOrTx, companyId: number) =>
  db.delete(biSettings).where(eq(biSettings.companyId, companyId));
