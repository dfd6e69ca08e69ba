import type { CardTypeValue } from '@aval/domain';
import { cardMoves, cards } from '@aval/kanban';
import { and, desc, eq } from 'drizzle-orm';
import type { UserContext } from '../context.js';
import type { Db } from '../db/client.js';
import * as kanban from '../modules/kanban/index.js';

/**
 * A decision taken on the board as the insurer user of `ctx` takes it: the card is moved to its
 * pipe's 'Aprovado' or 'Recusado' step, and the decision that move sends back goes to the card's
 * owner (the wiring's `cardOwners`), as the API's decision worker hands it over.
 */
export const decideOnBoard = async (
  ctx: UserContext,
  cardType: CardTypeValue,
  cardRef: string,
  decision: 'approve' | 'refuse',
  justification?: string,
) => {
  const stepName = decision === 'approve' ? 'Aprovado' : 'Recusado';
  await kanban.moveOwnedCard(ctx, { cardType, cardRef, stepName });
  const db = ctx.db as Db;
  const [card] = await db
    .select({ id: cards.id })
    .from(cards)
    .where(
      and(eq(cards.companyId, ctx.company.id), eq(cards.cardType, cardType), eq(cards.cardRef, cardRef)),
    );
  if (!card) throw new Error(`seed: no ${cardType} card ${cardRef}`);
  const [move] = await db
    .select({ id: cardMoves.id })
    .from(cardMoves)
    .where(eq(cardMoves.cardId, card.id))
    .orderBy(desc(cardMoves.id))
    .limit(1);
  await ctx.platform.wiring.cardOwners[cardType]?.decide?.(ctx, {
    companyId: ctx.company.id,
    cardId: card.id,
    cardType,
    cardRef,
    decision,
    actorUserId: ctx.user.userId,
    justification,
    stepName,
    moveId: move!.id,
  });
};
