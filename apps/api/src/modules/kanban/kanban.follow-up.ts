import type { CardTypeValue } from '@aval/domain';
import type { UserContext } from '../../context.js';
import { notFound } from '../../lib/errors.js';
import { addCardObservation, cardObservations } from './kanban.service.js';

const counterpartOf = async (ctx: UserContext, cardType: string, cardRef: string) => {
  const resolve = ctx.platform.wiring.cardOwners[cardType as CardTypeValue]?.counterpart;
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
