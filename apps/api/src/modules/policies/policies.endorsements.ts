import { and, eq } from 'drizzle-orm';
import type { TenantContext } from '../../context.js';
import { policies } from './policies.table.js';

/**
 * What the endorsements module needs of a policy (issue 16), through this module: read one by
 * UniqueId or id, and apply an approved endorsement's new terms (or its cancellation).
 */
export type PolicyRow = typeof policies.$inferSelect;

export const findPolicyByUniqueId = async (
  ctx: Pick<TenantContext, 'db' | 'company'>,
  uniqueId: string,
): Promise<PolicyRow | undefined> => {
  const [row] = await ctx.db
    .select()
    .from(policies)
    .where(and(eq(policies.companyId, ctx.company.id), eq(policies.uniqueId, uniqueId)));
  return row;
};

export const findPolicyById = async (
  ctx: Pick<TenantContext, 'db' | 'company'>,
  id: number,
): Promise<PolicyRow | undefined> => {
  const [row] = await ctx.db
    .select()
    .from(policies)
    .where(and(eq(policies.companyId, ctx.company.id), eq(policies.id, id)));
  return row;
};

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
  >
>;

/** Writes an approved endorsement's terms on the policy (the caller records the history). */
export const applyEndorsedTerms = async (
  ctx: Pick<TenantContext, 'db' | 'company'>,
  policyId: number,
  terms: EndorsedTerms,
): Promise<PolicyRow> => {
  const [row] = await ctx.db
    .update(policies)
    .set({ ...terms, updatedAt: new Date() })
    .where(and(eq(policies.companyId, ctx.company.id), eq(policies.id, policyId)))
    .returning();
  if (!row) throw new Error(`policy ${policyId} not found`);
  return row;
};
