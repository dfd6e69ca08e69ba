import { rows } from '@aval/transport/tenancy';
import { type SQL, sql } from 'drizzle-orm';
import type { TenantContext } from '../../context.js';
import * as sro from '../sro/index.js';

/**
 * The policies' read model: read-only figures over the company's policies for reports (the BI
 * dashboard composes them, issue 29). Each read is led by `company_id` (indexes and RLS) and runs in
 * the caller's tenant transaction; a caller that shows a brokerage only its production passes its
 * brokerages in `brokerIds`. Where a report sums policies together with another module's rows in
 * one statement (the premium chart, the commission flex), this file lends a typed query piece, a
 * subquery PostgreSQL inlines, so the plan is that of the plain join.
 *
 * The production filter and the day helpers below are shared by the production read models of
 * proposals and endorsements (which build on policies).
 */

/** The branch, modality and brokers chosen; `brokerIds` confines to those brokerages (absent: all). */
export type ProductionFilters = {
  branchId?: number;
  modalityId?: number;
  brokerId?: number;
  /** Only these brokerages (a broker's own, an advisor's advised ones); absent for insurer staff. */
  brokerIds?: readonly number[];
};

/** Days `from` to `to`, both included, in Brazil's calendar (`YYYY-MM-DD`). */
export type DayRange = { from: string; to: string };

/**
 * The company and the production filters on a table alias that has `company_id`, `branch_id`,
 * `modality_id` and `broker_id` (policies, proposals, BI's monthly aggregates).
 */
export const productionWhere = (alias: string, companyId: number, f: ProductionFilters) => {
  const a = sql.raw(alias);
  const parts: SQL[] = [sql`${a}.company_id = ${companyId}`];
  if (f.branchId) parts.push(sql`${a}.branch_id = ${f.branchId}`);
  if (f.modalityId) parts.push(sql`${a}.modality_id = ${f.modalityId}`);
  if (f.brokerId) parts.push(sql`${a}.broker_id = ${f.brokerId}`);
  if (f.brokerIds)
    parts.push(
      f.brokerIds.length
        ? sql`${a}.broker_id in (${sql.join(
            f.brokerIds.map((id) => sql`${id}`),
            sql`, `,
          )})`
        : sql`false`,
    );
  return sql.join(parts, sql` and `);
};

/**
 * A timestamp column within a day of the days `from`..`to` (one day more each side, for the time
 * zone; the queries keep the exact days with `brazilDay`). The bounds are timestamptz: `timestamptz
 * >= date` is not leakproof, so under row-level security it could not be an index condition and
 * every dated query scanned the company's rows (issue 17); `timestamptz >= timestamptz` is.
 */
export const nearDays = (column: string, from: string, to: string) => {
  const c = sql.raw(column);
  return sql`(${c} >= (${from}::date - 1)::timestamptz and ${c} < (${to}::date + 2)::timestamptz)`;
};

/** A timestamp's calendar day in Brazil. */
export const brazilDay = (column: string) => sql.raw(`(${column} at time zone 'America/Sao_Paulo')::date`);

/** A timestamp column near any of `ranges` (`nearDays`); `all`: no bound. */
export const nearRanges = (column: string, ranges: readonly DayRange[] | 'all') => {
  if (ranges === 'all') return sql`true`;
  if (ranges.length === 0) return sql`false`;
  return sql`(${sql.join(
    ranges.map((r) => nearDays(column, r.from, r.to)),
    sql` or `,
  )})`;
};

/** Policies that were issued (not awaiting issue nor rejected). */
const ISSUED = sql.raw('(2, 3, 4)');

/**
 * One premium move with its day in Brazil and the dimensions the filters use: premium written or
 * extra premium (`written`), and restitutions. Exact numerics, as text.
 */
export type PremiumMove = {
  day: string;
  branch_id: number;
  modality_id: number;
  broker_id: number;
  modality_name: string;
  written: string;
  restitution: string;
};

/**
 * Query piece: the policies' premium moves, premium written at issue (policies issued, cancelled or
 * ended) and the restitution of cancellations, as `PremiumMove` rows. `ranges` bounds the timestamps
 * (a day around each range, for the time zone; the caller keeps the exact days); `all` reads every
 * move of the company. Endorsements add theirs (`endorsementPremiumMoves`).
 */
export const policyPremiumMoves = (
  ctx: Pick<TenantContext, 'company'>,
  f: ProductionFilters,
  ranges: readonly DayRange[] | 'all',
) => {
  const where = productionWhere('p', ctx.company.id, f);
  return sql<PremiumMove>`select ${brazilDay('p.issued_at')} as day, p.branch_id, p.modality_id, p.broker_id, p.modality_name,
             p.insurance_premium as written, 0::numeric as restitution
        from policies p
       where ${where} and p.status_id in ${ISSUED} and ${nearRanges('p.issued_at', ranges)}
      union all
      select ${brazilDay('p.cancelled_at')}, p.branch_id, p.modality_id, p.broker_id, p.modality_name,
             0, p.cancel_restitution
        from policies p
       where ${where} and p.cancel_restitution is not null and ${nearRanges('p.cancelled_at', ranges)}`;
};

/** A policy's production dimensions, for a report that joins rows of the policy (its endorsements). */
export type ProductionPolicy = {
  id: number;
  branch_id: number;
  modality_id: number;
  broker_id: number;
  modality_name: string;
};

/** Query piece: the company's policies within the filters, as `ProductionPolicy` rows. */
export const productionPolicies = (ctx: Pick<TenantContext, 'company'>, f: ProductionFilters) =>
  sql<ProductionPolicy>`select p.id, p.branch_id, p.modality_id, p.broker_id, p.modality_name
        from policies p
       where ${productionWhere('p', ctx.company.id, f)}`;

/** An issued policy's commission, for a report that compares it with its proposal's. */
export type IssuedCommission = {
  proposal_id: number;
  broker_id: number;
  broker_name: string;
  comission_percentage: string;
  insurance_premium: string;
};

/**
 * Query piece: the policies issued on the days `days` (Brazil's calendar) that carry a commission,
 * as `IssuedCommission` rows (the proposals' commission flex joins them).
 */
export const issuedCommissions = (
  ctx: Pick<TenantContext, 'company'>,
  f: ProductionFilters,
  days: DayRange,
) =>
  sql<IssuedCommission>`select p.proposal_id, p.broker_id, p.broker_name, p.comission_percentage, p.insurance_premium
        from policies p
       where ${productionWhere('p', ctx.company.id, f)} and p.status_id in ${ISSUED} and p.comission_percentage is not null
         and ${nearDays('p.issued_at', days.from, days.to)}
         and ${brazilDay('p.issued_at')} between ${days.from}::date and ${days.to}::date`;

/** Policies in force on `today` (issued, started, not ended) per modality, largest insured amount first. */
export const insuredAmountInForceByModality = (ctx: TenantContext, f: ProductionFilters, today: string) =>
  rows<{ modality_id: number; modality_name: string; policies: number; insured_amount: string }>(
    ctx.db,
    sql`select p.modality_id, min(p.modality_name) as modality_name, count(*)::int as policies,
               sum(p.insured_amount)::numeric(18,2)::text as insured_amount
          from policies p
         where ${productionWhere('p', ctx.company.id, f)} and p.status_id = 2
           and p.start_date <= ${today}::date and p.end_date >= ${today}::date
         group by p.modality_id
         order by sum(p.insured_amount) desc`,
  );

/**
 * Policies in force that end within 90 days of `today`, per window: `days` 30 (up to 30 days), 60
 * (31 to 60) and 90 (61 to 90); a window without policies has no row.
 */
export const policiesExpiringByWindow = (ctx: TenantContext, f: ProductionFilters, today: string) =>
  rows<{ days: number; policies: number; insured_amount: string }>(
    ctx.db,
    sql`select case when p.end_date - ${today}::date <= 30 then 30
                    when p.end_date - ${today}::date <= 60 then 60 else 90 end as days,
               count(*)::int as policies, sum(p.insured_amount)::numeric(18,2)::text as insured_amount
          from policies p
         where ${productionWhere('p', ctx.company.id, f)} and p.status_id = 2
           and p.end_date between ${today}::date and ${today}::date + 90
         group by 1
         order by 1`,
  );

/**
 * Policies with an SRO registration not registered past its deadline on `today` (the registrations'
 * real states: the sro module's piece): how many, their insured amount, and the ten most late (by
 * the earliest such deadline).
 */
export const policiesLateAtSro = async (ctx: TenantContext, f: ProductionFilters, today: string) => {
  const from = sql`policies p join ${sro.lateSroPolicies(ctx.company.id, today)} l on l.policy_id = p.id`;
  const where = productionWhere('p', ctx.company.id, f);
  const [total] = await rows<{ n: number; insured_amount: string }>(
    ctx.db,
    sql`select count(*)::int as n, coalesce(sum(p.insured_amount), 0)::numeric(18,2)::text as insured_amount
            from ${from} where ${where}`,
  );
  const list = await rows<{
    unique_id: string;
    number: string;
    policy_holder_name: string;
    broker_name: string;
    sro_deadline: string;
    days_late: number;
  }>(
    ctx.db,
    sql`select p.unique_id::text, p.number, p.policy_holder_name, p.broker_name,
                 l.deadline::text as sro_deadline, (${today}::date - l.deadline)::int as days_late
            from ${from} where ${where}
           order by l.deadline, p.id
           limit 10`,
  );
  return { total: total?.n ?? 0, insuredAmount: total?.insured_amount ?? '0.00', list };
};
