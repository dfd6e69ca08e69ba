import type { SaveBrokerProposalCommissionBody } from '@aval/contracts';
import { isInsurance, Permission, toDec } from '@aval/domain';
import type { UserContext } from '../../context.js';
import { forbidden, unprocessable } from '../../lib/errors.js';
import { activeModalities } from '../parameterisation/index.js';
import { resolveBroker } from './brokers.access.js';
import { getProposalCommissions } from './brokers.commissions.js';
import { record } from './brokers.history.js';
import { pct } from './brokers.mapper.js';
import * as repo from './brokers.repository.js';

const rangeText = (r: { minPercentage: string; maxPercentage: string; defaultPercentage: string | null }) =>
  `${pct(r.minPercentage)}% a ${pct(r.maxPercentage)}%${r.defaultPercentage ? `, padrão ${pct(r.defaultPercentage)}%` : ''}`;

/**
 * SaveBrokerProposalCommission: the insurer sets a brokerage's own commission range on an active
 * modality, inside the modality's range, with an optional default inside it; recorded in the
 * brokerage's history. Answers the brokerage's ranges as GetBrokerProposalCommissions does.
 */
export const saveBrokerCommission = async (ctx: UserContext, input: SaveBrokerProposalCommissionBody) => {
  if (!isInsurance(ctx.user.userType) || !ctx.user.permissions.has(Permission.GERENCIAR_CORRETORES))
    throw forbidden();
  const { broker: b } = await resolveBroker(ctx, { id: input.BrokerId });
  const modality = (await activeModalities(ctx)).find((m) => m.id === input.ModalityId);
  if (!modality) throw unprocessable('Modalidade inexistente ou inativa.');
  const min = toDec(input.MinComissionPercentage);
  const max = toDec(input.MaxComissionPercentage);
  const lowest = toDec(modality.minCommissionPercentage);
  const highest = toDec(modality.maxCommissionPercentage);
  if (min.greaterThan(max)) throw unprocessable('O percentual mínimo de comissão passa do máximo.');
  if (min.lessThan(lowest) || max.greaterThan(highest))
    throw unprocessable(
      `A faixa da corretora precisa ficar dentro da faixa da modalidade ${modality.name} (${lowest.toFixed(2)}% a ${highest.toFixed(2)}%).`,
    );
  const wanted = input.DefaultComissionPercentage ? toDec(input.DefaultComissionPercentage) : null;
  if (wanted && (wanted.lessThan(min) || wanted.greaterThan(max)))
    throw unprocessable('O percentual padrão de comissão precisa ficar dentro da faixa da corretora.');
  const values = {
    companyId: ctx.company.id,
    brokerId: b.id,
    modalityId: modality.id,
    minPercentage: min.toFixed(6),
    maxPercentage: max.toFixed(6),
    defaultPercentage: wanted?.toFixed(6) ?? null,
  };
  const before = (await repo.commissionsOf(ctx.db, ctx.company.id, b.id)).find(
    (c) => c.modalityId === modality.id,
  );
  await repo.upsertCommission(ctx.db, values);
  await record(ctx, b.id, [
    {
      field: 'ModalityCommission',
      old: before ? `${modality.name}: ${rangeText(before)}` : null,
      new: `${modality.name}: ${rangeText(values)}`,
    },
  ]);
  return getProposalCommissions(ctx, b.id);
};
