import { rows } from '@aval/transport/tenancy';
import { sql } from 'drizzle-orm';
import type { TenantContext } from '../../context.js';

/**
 * The policy holders' read model for reports (the BI dashboard composes it, issue 29): the use of
 * the credit limits by the exposure ledger, read-only, led by `company_id`, in the caller's tenant
 * transaction. It is the insurer's view of its holders, not scoped to a brokerage.
 */

/** A limit and its use: exact sums rounded to cents, as text. */
export type LimitUse = { id: number; name: string; limit: string; used: string };

const exposureCtes = (companyId: number) => sql`
  used as (select policy_holder_id, sum(amount) as used from policy_holder_exposures
            where company_id = ${companyId} group by policy_holder_id),
  lim as (select policy_holder_id, limit_amount from policy_holder_limits
           where company_id = ${companyId} and modality_id is null)`;

/** The ten policy holders with the most exposure: their global limit and what is used of it. */
export const limitUseByPolicyHolder = (ctx: TenantContext) =>
  rows<LimitUse & { document: string }>(
    ctx.db,
    sql`with ${exposureCtes(ctx.company.id)}
        select ph.id, ph.name, ph.document,
               coalesce(l.limit_amount, 0)::numeric(18,2)::text as limit,
               coalesce(u.used, 0)::numeric(18,2)::text as used
          from policy_holders ph
          left join lim l on l.policy_holder_id = ph.id
          left join used u on u.policy_holder_id = ph.id
         where ph.company_id = ${ctx.company.id} and coalesce(u.used, 0) > 0
         order by u.used desc, ph.id
         limit 10`,
  );

/**
 * The ten economic groups with the most exposure: their limit (the group's own, else the sum of its
 * members' global limits), what their members use of it, and how many members they have.
 */
export const limitUseByEconomicGroup = (ctx: TenantContext) =>
  rows<LimitUse & { members: number }>(
    ctx.db,
    sql`with ${exposureCtes(ctx.company.id)}
        select g.id, g.name, count(ph.id)::int as members,
               coalesce(min(g.limit_amount), sum(l.limit_amount), 0)::numeric(18,2)::text as limit,
               coalesce(sum(u.used), 0)::numeric(18,2)::text as used
          from economic_groups g
          join policy_holders ph on ph.economic_group_id = g.id
          left join lim l on l.policy_holder_id = ph.id
          left join used u on u.policy_holder_id = ph.id
         where g.company_id = ${ctx.company.id}
         group by g.id, g.name
         order by coalesce(sum(u.used), 0) desc, g.id
         limit 10`,
  );
