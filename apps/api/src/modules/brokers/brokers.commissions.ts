import type { BrokerCommission } from '@aval/contracts';
import { toDec } from '@aval/domain';
import type { UserContext } from '../../context.js';
import { activeModalities } from '../parameterisation/index.js';
import { resolveBroker } from './brokers.access.js';
import * as repo from './brokers.repository.js';

/**
 * Commission range per active modality: the broker's own range (broker_commissions) when set, else
 * the modality's range with the broker's default percentage kept inside it.
 */
export const getProposalCommissions = async (
  ctx: UserContext,
  brokerId?: number,
): Promise<BrokerCommission[]> => {
  const { broker: b } = await resolveBroker(ctx, { id: brokerId });
  const list = await activeModalities(ctx);
  const overrides = await repo.commissionsOf(ctx.db, ctx.company.id, b.id);
  return list.map((m) => {
    const own = overrides.find((o) => o.modalityId === m.id);
    const min = toDec(own?.minPercentage ?? m.minCommissionPercentage);
    const max = toDec(own?.maxPercentage ?? m.maxCommissionPercentage);
    const wanted = toDec(own?.defaultPercentage ?? b.comissionPercentage);
    const chosen = wanted.lessThan(min) ? min : wanted.greaterThan(max) ? max : wanted;
    return {
      ModalityId: m.id,
      ModalityUniqueId: m.uniqueId,
      ModalityName: m.name,
      MinComissionPercentage: min.toFixed(2),
      MaxComissionPercentage: max.toFixed(2),
      DefaultComissionPercentage: chosen.toFixed(2),
      IsBrokerSpecific: own !== undefined,
    };
  });
};
