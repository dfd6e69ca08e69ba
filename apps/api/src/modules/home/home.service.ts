import type { HomeSummary } from '@aval/contracts';
import { Permission as P } from '@aval/domain';
import type { UserContext } from '../../context.js';
import { currentTime } from '../../lib/clock.js';
import { limitsOverview } from '../policy-holders/index.js';
import { acceptanceDue, pendingDocuments, statusCounts } from '../proposals/index.js';

const policyHolderReaders = [
  P.GERENCIAR_TOMADORES,
  P.VISUALIZAR_TOMADORES,
  P.GERENCIAR_TOMADORES_SEGURADORA,
  P.VISUALIZAR_TOMADORES_SEGURADORA,
];

/**
 * The counts of the caller's home, each through its module's service and the caller's scope
 * (lib/visibility.ts): proposals per status, acceptance clocks near the limit (insurer staff),
 * the policy holders' limits (brokers, agents, policy holder users who may read policy holders)
 * and the edited proposals with required documents pending.
 */
export const getHomeSummary = async (ctx: UserContext, now = currentTime()): Promise<HomeSummary> => {
  const readsHolders = policyHolderReaders.some((id) => ctx.user.permissions.has(id));
  return {
    ProposalsByStatus: await statusCounts(ctx),
    ...(await acceptanceDue(ctx, now)),
    PolicyHolderLimits: readsHolders ? await limitsOverview(ctx) : [],
    ...(await pendingDocuments(ctx)),
  };
};
