import { rows } from '@aval/transport/tenancy';
import { sql } from 'drizzle-orm';
import type { TenantContext } from '../../context.js';
import {
  brazilDay,
  type DayRange,
  issuedCommissions,
  nearDays,
  type ProductionFilters,
  productionWhere,
} from '../policies/index.js';

/**
 * The proposals' read model for reports (the BI dashboard composes it, issue 29): read-only figures
 * over the company's quotes and proposals, led by `company_id`, in the caller's tenant transaction;
 * a caller that shows a brokerage only its production passes its brokerages in `brokerIds`.
 */

/**
 * The quote-to-policy funnel of the quotes created on the days `days` (Brazil's calendar): every
 * quote, those sent to analysis (started or past it), those issued, each with its insured amount.
 */
export const proposalFunnel = async (ctx: TenantContext, f: ProductionFilters, days: DayRange) => {
  const [row] = await rows<{
    quotes: number;
    quotes_is: string;
    proposals: number;
    proposals_is: string;
    issued: number;
    issued_is: string;
  }>(
    ctx.db,
    sql`select count(*)::int as quotes,
               coalesce(sum(pr.insured_amount), 0)::numeric(18,2)::text as quotes_is,
               count(*) filter (where sent)::int as proposals,
               coalesce(sum(pr.insured_amount) filter (where sent), 0)::numeric(18,2)::text as proposals_is,
               count(*) filter (where pr.status_id = 5)::int as issued,
               coalesce(sum(pr.insured_amount) filter (where pr.status_id = 5), 0)::numeric(18,2)::text as issued_is
          from (select pr.*, (pr.analysis_started_at is not null
                              or pr.status_id in (2, 3, 4, 5, 6, 7, 9, 97, 98)) as sent
                  from proposals pr
                 where ${productionWhere('pr', ctx.company.id, f)}
                   and ${nearDays('pr.created_at', days.from, days.to)}
                   and ${brazilDay('pr.created_at')} between ${days.from}::date and ${days.to}::date) pr`,
  );
  return row!;
};

/** The brokerages of the company's quotes (their names as on the quotes), by name. */
export const quoteBrokers = (ctx: TenantContext) =>
  rows<{ id: number; name: string }>(
    ctx.db,
    sql`select broker_id as id, min(broker_name) as name from proposals
           where company_id = ${ctx.company.id} group by broker_id order by 2, 1`,
  );

/**
 * Commission flex per brokerage of the policies issued on the days `days`: how many policies, how
 * many kept a commission other than their proposal's first (default) one, the average default and
 * used percentages, and the commission given up (premium times the points below the default).
 */
export const commissionFlexByBroker = (ctx: TenantContext, f: ProductionFilters, days: DayRange) =>
  rows<{
    broker_id: number;
    broker_name: string;
    policies: number;
    flexed: number;
    avg_default: string;
    avg_used: string;
    given_up: string;
  }>(
    ctx.db,
    sql`select p.broker_id, min(p.broker_name) as broker_name, count(*)::int as policies,
               count(*) filter (where pr.first_comission_percentage is not null
                                  and pr.first_comission_percentage <> p.comission_percentage)::int as flexed,
               round(avg(coalesce(pr.first_comission_percentage, p.comission_percentage)), 2)::text as avg_default,
               round(avg(p.comission_percentage), 2)::text as avg_used,
               round(sum(p.insurance_premium * greatest(0, coalesce(pr.first_comission_percentage, p.comission_percentage)
                                                         - p.comission_percentage) / 100), 2)::text as given_up
          from (${issuedCommissions(ctx, f, days)}) p
          join proposals pr on pr.id = p.proposal_id
         group by p.broker_id
         order by 7 desc, 2`,
  );
