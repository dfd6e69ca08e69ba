import { rows } from '@aval/transport/tenancy';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { biPremiumMonths, biRefreshes, biSettings } from './bi.table.js';

/**
 * The dashboard's aggregates: read-only SQL over the live tables of other domains (policies,
 * endorsements, proposals, the exposure ledger, limits). BI is a reporting layer that reads what
 * the other modules write and never changes it, so it names their tables in SQL instead of going
 * through one service call per row (the same reads would go to a replica at scale). Every query is
 * led by `company_id` (indexes and RLS) and runs in the request's tenant transaction.
 */

/** The filters every query applies: the company, and the branch, modality and brokers chosen. */
export type Filters = {
  companyId: number;
  branchId?: number;
  modalityId?: number;
  brokerId?: number;
  /** Only these brokerages (a broker's own, an advisor's advised ones); absent for insurer staff. */
  brokerIds?: readonly number[];
};

export type Scope = Filters & { start: string; end: string; today: string };

/** Branch, modality and broker filters on a table alias that has those columns. */
const filters = (alias: string, s: Filters) => {
  const a = sql.raw(alias);
  const parts: SQL[] = [sql`${a}.company_id = ${s.companyId}`];
  if (s.branchId) parts.push(sql`${a}.branch_id = ${s.branchId}`);
  if (s.modalityId) parts.push(sql`${a}.modality_id = ${s.modalityId}`);
  if (s.brokerId) parts.push(sql`${a}.broker_id = ${s.brokerId}`);
  if (s.brokerIds)
    parts.push(
      s.brokerIds.length
        ? sql`${a}.broker_id in (${sql.join(
            s.brokerIds.map((id) => sql`${id}`),
            sql`, `,
          )})`
        : sql`false`,
    );
  return sql.join(parts, sql` and `);
};

/**
 * A timestamp column within a day of the days `from`..`to` (one day more each side, for the time
 * zone; the queries keep the exact days with `brDay`). The bounds are timestamptz: `timestamptz >=
 * date` is not leakproof, so under row-level security it could not be an index condition and every
 * dated query scanned the company's rows (issue 17); `timestamptz >= timestamptz` is.
 */
const around = (column: string, from: string, to: string) => {
  const c = sql.raw(column);
  return sql`(${c} >= (${from}::date - 1)::timestamptz and ${c} < (${to}::date + 2)::timestamptz)`;
};

/** A timestamp's calendar day in Brazil. */
const brDay = (column: string) => sql.raw(`(${column} at time zone 'America/Sao_Paulo')::date`);

/** Policies that were issued (not awaiting issue nor rejected). */
const ISSUED = sql.raw('(2, 3, 4)');

/** Days `from` to `to`, both included, in Brazil's calendar (`YYYY-MM-DD`). */
export type Days = { from: string; to: string };

/** Closed months `from` to `to` (their first days) read from `bi_premium_months`. */
export type Months = { from: string; to: string };

/**
 * Every premium move with its day in Brazil: written at issue (policies issued, cancelled or
 * ended), extra premium and restitution of approved endorsements, restitution of cancellations.
 * `ranges` bounds the timestamps (a day around each range, for the time zone; the caller keeps the
 * exact days); `all` reads every move of the company (the aggregates' rebuild).
 */
const premiumMoves = (s: Filters, ranges: readonly Days[] | 'all') => {
  const near = (column: string) => {
    if (ranges === 'all') return sql`true`;
    if (ranges.length === 0) return sql`false`;
    return sql`(${sql.join(
      ranges.map((r) => around(column, r.from, r.to)),
      sql` or `,
    )})`;
  };
  return sql`select ${brDay('p.issued_at')} as day, p.branch_id, p.modality_id, p.broker_id, p.modality_name,
             p.insurance_premium as written, 0::numeric as restitution
        from policies p
       where ${filters('p', s)} and p.status_id in ${ISSUED} and ${near('p.issued_at')}
      union all
      select ${brDay('e.decided_at')}, p.branch_id, p.modality_id, p.broker_id, p.modality_name,
             e.extra_premium, e.restitution
        from endorsements e
        join policies p on p.id = e.policy_id
       where e.company_id = ${s.companyId} and ${filters('p', s)} and e.status_id = 5 and ${near('e.decided_at')}
      union all
      select ${brDay('p.cancelled_at')}, p.branch_id, p.modality_id, p.broker_id, p.modality_name,
             0, p.cancel_restitution
        from policies p
       where ${filters('p', s)} and p.cancel_restitution is not null and ${near('p.cancelled_at')}`;
};

/**
 * Premium per month and modality: the moves of the `live` days read from the policies and
 * endorsements, plus the closed months `stored` read from `bi_premium_months` (none when absent).
 * The sums are exact until the final rounding, so splitting a period between the two gives the
 * numbers of reading it all live.
 */
export const premiumByMonth = (db: DbOrTx, s: Scope, live: readonly Days[], stored?: Months) =>
  rows<{
    month: string;
    modality_id: number;
    modality_name: string;
    written: string;
    restitutions: string;
  }>(
    db,
    sql`with moves as (${premiumMoves(s, live)}),
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
       where ${stored ? sql`${filters('a', s)} and a.month between ${stored.from}::date and ${stored.to}::date` : sql`false`}
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
 * Rebuilds the company's `bi_premium_months` from the live tables: every month before `current`
 * (the first day of today's month in Brazil, still moving), then records it in `bi_refreshes`.
 * Run in one transaction, so the dashboard sees the old or the new aggregates, never half.
 */
export const rebuildPremiumMonths = async (
  db: DbOrTx,
  companyId: number,
  current: string,
  through: string,
) => {
  await db.delete(biPremiumMonths).where(eq(biPremiumMonths.companyId, companyId));
  await db.execute(
    sql`insert into bi_premium_months
          (company_id, month, branch_id, modality_id, broker_id, modality_name, written, restitutions)
        select ${companyId}, date_trunc('month', day::timestamp)::date, branch_id, modality_id, broker_id,
               min(modality_name), sum(written), sum(restitution)
          from (${premiumMoves({ companyId }, 'all')}) moves
         where day < ${current}::date
         group by 2, 3, 4, 5`,
  );
  await db
    .insert(biRefreshes)
    .values({ companyId, throughMonth: through, refreshedAt: new Date() })
    .onConflictDoUpdate({
      target: biRefreshes.companyId,
      set: { throughMonth: through, refreshedAt: new Date() },
    });
};

export const insuredAmountInForce = (db: DbOrTx, s: Scope) =>
  rows<{ modality_id: number; modality_name: string; policies: number; insured_amount: string }>(
    db,
    sql`select p.modality_id, min(p.modality_name) as modality_name, count(*)::int as policies,
               sum(p.insured_amount)::numeric(18,2)::text as insured_amount
          from policies p
         where ${filters('p', s)} and p.status_id = 2
           and p.start_date <= ${s.today}::date and p.end_date >= ${s.today}::date
         group by p.modality_id
         order by sum(p.insured_amount) desc`,
  );

export const funnel = async (db: DbOrTx, s: Scope) => {
  const [row] = await rows<{
    quotes: number;
    quotes_is: string;
    proposals: number;
    proposals_is: string;
    issued: number;
    issued_is: string;
  }>(
    db,
    sql`select count(*)::int as quotes,
               coalesce(sum(pr.insured_amount), 0)::numeric(18,2)::text as quotes_is,
               count(*) filter (where sent)::int as proposals,
               coalesce(sum(pr.insured_amount) filter (where sent), 0)::numeric(18,2)::text as proposals_is,
               count(*) filter (where pr.status_id = 5)::int as issued,
               coalesce(sum(pr.insured_amount) filter (where pr.status_id = 5), 0)::numeric(18,2)::text as issued_is
          from (select pr.*, (pr.analysis_started_at is not null
                              or pr.status_id in (2, 3, 4, 5, 6, 7, 9, 97, 98)) as sent
                  from proposals pr
                 where ${filters('pr', s)}
                   and ${around('pr.created_at', s.start, s.end)}
                   and ${brDay('pr.created_at')} between ${s.start}::date and ${s.end}::date) pr`,
  );
  return row!;
};

type LimitRow = { id: number; name: string; limit: string; used: string };

const exposureCtes = (companyId: number) => sql`
  used as (select policy_holder_id, sum(amount) as used from policy_holder_exposures
            where company_id = ${companyId} group by policy_holder_id),
  lim as (select policy_holder_id, limit_amount from policy_holder_limits
           where company_id = ${companyId} and modality_id is null)`;

export const limitByPolicyHolder = (db: DbOrTx, companyId: number) =>
  rows<LimitRow & { document: string }>(
    db,
    sql`with ${exposureCtes(companyId)}
        select ph.id, ph.name, ph.document,
               coalesce(l.limit_amount, 0)::numeric(18,2)::text as limit,
               coalesce(u.used, 0)::numeric(18,2)::text as used
          from policy_holders ph
          left join lim l on l.policy_holder_id = ph.id
          left join used u on u.policy_holder_id = ph.id
         where ph.company_id = ${companyId} and coalesce(u.used, 0) > 0
         order by u.used desc, ph.id
         limit 10`,
  );

export const limitByEconomicGroup = (db: DbOrTx, companyId: number) =>
  rows<LimitRow & { members: number }>(
    db,
    sql`with ${exposureCtes(companyId)}
        select g.id, g.name, count(ph.id)::int as members,
               coalesce(min(g.limit_amount), sum(l.limit_amount), 0)::numeric(18,2)::text as limit,
               coalesce(sum(u.used), 0)::numeric(18,2)::text as used
          from economic_groups g
          join policy_holders ph on ph.economic_group_id = g.id
          left join lim l on l.policy_holder_id = ph.id
          left join used u on u.policy_holder_id = ph.id
         where g.company_id = ${companyId}
         group by g.id, g.name
         order by coalesce(sum(u.used), 0) desc, g.id
         limit 10`,
  );

export const expiring = (db: DbOrTx, s: Scope) =>
  rows<{ days: number; policies: number; insured_amount: string }>(
    db,
    sql`select case when p.end_date - ${s.today}::date <= 30 then 30
                    when p.end_date - ${s.today}::date <= 60 then 60 else 90 end as days,
               count(*)::int as policies, sum(p.insured_amount)::numeric(18,2)::text as insured_amount
          from policies p
         where ${filters('p', s)} and p.status_id = 2
           and p.end_date between ${s.today}::date and ${s.today}::date + 90
         group by 1
         order by 1`,
  );

export const lateSro = async (db: DbOrTx, s: Scope) => {
  const where = sql`${filters('p', s)} and p.sro_status_id = 1 and p.sro_deadline < ${s.today}::date`;
  const [total] = await rows<{ n: number; insured_amount: string }>(
    db,
    sql`select count(*)::int as n, coalesce(sum(p.insured_amount), 0)::numeric(18,2)::text as insured_amount
            from policies p where ${where}`,
  );
  const list = await rows<{
    unique_id: string;
    number: string;
    policy_holder_name: string;
    broker_name: string;
    sro_deadline: string;
    days_late: number;
  }>(
    db,
    sql`select p.unique_id::text, p.number, p.policy_holder_name, p.broker_name,
                 p.sro_deadline::text, (${s.today}::date - p.sro_deadline)::int as days_late
            from policies p where ${where}
           order by p.sro_deadline, p.id
           limit 10`,
  );
  return { total: total?.n ?? 0, insuredAmount: total?.insured_amount ?? '0.00', list };
};

export const commissionFlex = (db: DbOrTx, s: Scope) =>
  rows<{
    broker_id: number;
    broker_name: string;
    policies: number;
    flexed: number;
    avg_default: string;
    avg_used: string;
    given_up: string;
  }>(
    db,
    sql`select p.broker_id, min(p.broker_name) as broker_name, count(*)::int as policies,
               count(*) filter (where pr.first_comission_percentage is not null
                                  and pr.first_comission_percentage <> p.comission_percentage)::int as flexed,
               round(avg(coalesce(pr.first_comission_percentage, p.comission_percentage)), 2)::text as avg_default,
               round(avg(p.comission_percentage), 2)::text as avg_used,
               round(sum(p.insurance_premium * greatest(0, coalesce(pr.first_comission_percentage, p.comission_percentage)
                                                         - p.comission_percentage) / 100), 2)::text as given_up
          from policies p
          join proposals pr on pr.id = p.proposal_id
         where ${filters('p', s)} and p.status_id in ${ISSUED} and p.comission_percentage is not null
           and ${around('p.issued_at', s.start, s.end)}
           and ${brDay('p.issued_at')} between ${s.start}::date and ${s.end}::date
         group by p.broker_id
         order by 7 desc, 2`,
  );

/** The filter choices: the company's branches, modalities and the brokers of its quotes. */
export const options = async (db: DbOrTx, companyId: number) => {
  const branches = await rows<{ id: number; name: string }>(
    db,
    sql`select id, code || ' - ' || name as name from param_branches where company_id = ${companyId} order by code`,
  );
  const modalities = await rows<{ id: number; name: string; branch_id: number }>(
    db,
    sql`select id, name, branch_id from modalities where company_id = ${companyId} order by name, id`,
  );
  const brokers = await rows<{ id: number; name: string }>(
    db,
    sql`select broker_id as id, min(broker_name) as name from proposals
           where company_id = ${companyId} group by broker_id order by 2, 1`,
  );
  return { branches, modalities, brokers };
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
  const now = new Date();
  const [row] = await db
    .insert(biSettings)
    .values({ ...values, updatedAt: now })
    .onConflictDoUpdate({ target: biSettings.companyId, set: { ...values, updatedAt: now } })
    .returning();
  return row!;
};

export const deleteSettings = (db: DbOrTx, companyId: number) =>
  db.delete(biSettings).where(eq(biSettings.companyId, companyId));
