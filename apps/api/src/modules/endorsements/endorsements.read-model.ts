import { sql } from 'drizzle-orm';
import type { TenantContext } from '../../context.js';
import {
  brazilDay,
  type DayRange,
  nearRanges,
  type PremiumMove,
  type ProductionFilters,
  productionPolicies,
} from '../policies/index.js';

/**
 * The endorsements' read model for reports (the BI dashboard composes it, issue 29): read-only, led
 * by `company_id`, in the caller's tenant transaction.
 */

/**
 * Query piece: the premium moves of approved endorsements (extra premium as `written`, and
 * restitution) on their decision day in Brazil, with their policy's dimensions, as `PremiumMove`
 * rows; the policies add theirs (`policyPremiumMoves`). `ranges` bounds the decision timestamps (a
 * day around each range; the caller keeps the exact days); `all` reads every move of the company.
 */
export const endorsementPremiumMoves = (
  ctx: Pick<TenantContext, 'company'>,
  f: ProductionFilters,
  ranges: readonly DayRange[] | 'all',
) =>
  sql<PremiumMove>`select ${brazilDay('e.decided_at')} as day, p.branch_id, p.modality_id, p.broker_id, p.modality_name,
             e.extra_premium as written, e.restitution
        from endorsements e
        join (${productionPolicies(ctx, f)}) p on p.id = e.policy_id
       where e.company_id = ${ctx.company.id} and e.status_id = 5 and ${nearRanges('e.decided_at', ranges)}`;
