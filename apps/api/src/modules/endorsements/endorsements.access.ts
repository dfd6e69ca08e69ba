import type { UserContext } from '../../context.js';
import { notFound } from '../../lib/errors.js';
import { inScope, policyScope } from '../../lib/visibility.js';
import * as policies from '../policies/index.js';
import * as repo from './endorsements.repository.js';

/** Which endorsements and policies the caller may see (404 otherwise, nothing revealed). */

type Policy = policies.PolicyRow;

/** The policy if the caller may see it (insurer: all; broker: own and co-brokered; holder: own); 404 otherwise. */
export const getVisiblePolicy = async (ctx: UserContext, uniqueId: string): Promise<Policy> => {
  const policy = await policies.findPolicyByUniqueId(ctx, uniqueId);
  if (!policy) throw notFound('Apólice não encontrada.');
  const scope = await policyScope(ctx);
  const coBroker = !scope.all && policy.coBrokers.some((c) => scope.brokerIds.includes(c.BrokerId));
  if (!inScope(scope, policy) && !coBroker) throw notFound('Apólice não encontrada.');
  return policy;
};

/** An endorsement and its policy, if the caller may see the policy; 404 otherwise. */
export const getVisible = async (ctx: UserContext, uniqueId: string) => {
  const row = await repo.findByUniqueId(ctx.db, ctx.company.id, uniqueId);
  if (!row) throw notFound('Endosso não encontrado.');
  const policy = await policies.findPolicyById(ctx, row.policyId);
  if (!policy) throw notFound('Endosso não encontrado.');
  await getVisiblePolicy(ctx, policy.uniqueId).catch(() => {
    throw notFound('Endosso não encontrado.');
  });
  return { row, policy };
};
