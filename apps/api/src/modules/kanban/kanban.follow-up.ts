import { CardType, type CardTypeValue } from '@aval/domain';
import type { UserContext } from '../../context.js';
import { notFound } from '../../lib/errors.js';
import { brokerIdByUniqueId, findBroker } from '../brokers/brokers.service.js';
import { holderCounterpart } from '../policy-holders/policy-holders.branch-activity.js';
import { ccgCounterpart } from '../policy-holders/policy-holders.ccg.js';
import { limitRequestCounterpart } from '../policy-holders/policy-holders.limit-requests.js';
import { nominationCardInfo } from '../policy-holders/policy-holders.nominations.js';
import { addCardObservation, cardObservations } from './kanban.service.js';

/** The other side of a card: who is e-mailed an observation (email null: nobody to tell). */
export type Counterpart = { email: string | null };
type Resolver = (ctx: UserContext, cardRef: string) => Promise<Counterpart | undefined>;

const brokerByUniqueId: Resolver = async (ctx, ref) => {
  const id = await brokerIdByUniqueId(ctx, ref);
  const broker = id === undefined ? undefined : await findBroker(ctx, id);
  return broker && { email: broker.broker.email };
};

/**
 * Per card type, the owner's record behind a card ref and its other side (undefined: no such
 * record in this company, 404). A card type owned elsewhere (proposals, endorsements) adds its
 * resolver here; without one the observation is kept and nobody is e-mailed.
 */
export const counterpartResolvers: Partial<Record<CardTypeValue, Resolver>> = {
  [CardType.ANALISE_DOCUMENTACAO_CORRETORA]: brokerByUniqueId,
  [CardType.ANALISE_CONFORMIDADE_CORRETORA]: brokerByUniqueId,
  [CardType.CORRETORA_PEP]: brokerByUniqueId,
  [CardType.NOMEACAO_TOMADOR]: async (ctx, ref) => {
    const info = await nominationCardInfo(ctx, ref).catch(() => undefined);
    if (!info) return undefined;
    return info.BrokerUniqueId
      ? ((await brokerByUniqueId(ctx, info.BrokerUniqueId)) ?? { email: null })
      : { email: null };
  },
  [CardType.REQUEST_LIMIT]: limitRequestCounterpart,
  [CardType.ANALISE_CCG]: ccgCounterpart,
  [CardType.ANALISE_CCG_MANUAL]: ccgCounterpart,
  [CardType.RAMO_ATIVIDADE]: holderCounterpart,
  [CardType.GRUPO_ECONOMICO]: holderCounterpart,
  [CardType.TOMADOR_QSA_PEP]: holderCounterpart,
};

const counterpartOf = async (ctx: UserContext, cardType: string, cardRef: string) => {
  const resolve = counterpartResolvers[cardType as CardTypeValue];
  if (!resolve) return { email: null };
  const found = await resolve(ctx, cardRef);
  if (!found) throw notFound('Card não encontrado.');
  return found;
};

/**
 * FollowUpSendObservation: the observation stays on the card with its author and time, and the
 * card's other side (the brokerage or the policy holder) receives it by e-mail.
 */
export const sendObservation = async (
  ctx: UserContext,
  body: { CardType: string; CardRef: string; Observation: string },
) => {
  const counterpart = await counterpartOf(ctx, body.CardType, body.CardRef);
  const text = body.Observation.trim();
  await addCardObservation(ctx, { cardType: body.CardType, cardRef: body.CardRef }, text);
  if (counterpart.email) {
    const author =
      (await cardObservations(ctx, body.CardType, body.CardRef)).at(-1)?.CreatedByName ?? 'A seguradora';
    await ctx.platform.jobs.send(
      ctx.platform.queues.sendMail,
      {
        to: counterpart.email,
        subject: `${ctx.company.name}: nova observação na sua solicitação`,
        text: `Olá!\n\n${author} (${ctx.company.name}) escreveu uma observação sobre a sua solicitação em análise:\n\n${text}\n\nResponda pelo portal.\n`,
      },
      { tx: ctx.db },
    );
  }
  return cardObservations(ctx, body.CardType, body.CardRef);
};

/** GetCardObservations: the observations of one card (404 for a ref this company does not have). */
export const getObservations = async (ctx: UserContext, q: { CardType: string; CardRef: string }) => {
  await counterpartOf(ctx, q.CardType, q.CardRef);
  return cardObservations(ctx, q.CardType, q.CardRef);
};
