import type { TenantContext } from '../../context.js';
import * as repo from './policies.repository.js';

/**
 * What the endorsements module needs of a policy (issue 16), through this module: read one by
 * UniqueId or id, and apply an approved endorsement's new terms (or its cancellation).
 */
type PolicyRow = repo.PolicyRow;

const all = { all: true } as const;

export const findPolicyByUniqueId = (
  ctx: Pick<TenantContext, 'db' | 'company'>,
  uniqueId: string,
): Promise<PolicyRow | undefined> => repo.findPolicy(ctx.db, ctx.company.id, { uniqueId }, all);

export const findPolicyById = (
  ctx: Pick<TenantContext, 'db' | 'company'>,
  id: number,
): Promise<PolicyRow | undefined> => repo.findPolicy(ctx.db, ctx.company.id, { id }, all);

export type EndorsedTerms = Partial<
  Pick<
    PolicyRow,
    | 'insuredAmount'
    | 'endDate'
    | 'deadlineDays'
    | 'objectText'
    | 'insurancePremium'
    | 'comissionValue'
    | 'totalPremium'
    | 'iofValue'
    | 'policyHolderName'
    | 'insuredName'
    | 'statusId'
    | 'cancelledAt'
    | 'cancelledByUserId'
    | 'cancelReason'
    | 'cancelRestitution'
    | 'premiumMovements'
  >
>;

/** Writes an approved endorsement's terms on the policy (the caller records the history). */
export const applyEndorsedTerms = async (
  ctx: Pick<TenantContext, 'db' | 'company'>,
  policyId: number,
  terms: EndorsedTerms,
): Promise<PolicyRow> => {
  // The policy was read in this company first (the caller's findPolicy…); RLS confines the write.
  const row = await repo.updatePolicy(ctx.db, policyId, terms);
  if (!row) throw new Error(`policy ${policyId} not found`);
  return row;
};
