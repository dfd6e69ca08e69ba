import * as calls from '@aval/contracts';
import type { CardTypeValue } from '@aval/domain';
import { cards, moveCard, steps } from '@aval/kanban';
import { and, eq } from 'drizzle-orm';
import type { UserContext } from '../context.js';
import type { Db } from '../db/client.js';
import { perform } from './context.js';

/**
 * A card moved on its board by the insurer user of `ctx`, as the board moves it (the kanban
 * service's `moveCard`, its checks included): to a step by name, or to the pipe's approve or refuse
 * step. A decision that move takes goes to the card's owner (the wiring's `cardOwners`) at once, as
 * the API's decisions worker hands it over.
 */
export const moveOnBoard = async (
  ctx: UserContext,
  card: { cardType: CardTypeValue; cardRef: string },
  to: { stepName: string } | { kind: 'approve' | 'refuse' },
  justification?: string,
) => {
  const db = ctx.db as Db;
  const [row] = await db
    .select()
    .from(cards)
    .where(
      and(
        eq(cards.companyId, ctx.company.id),
        eq(cards.cardType, card.cardType),
        eq(cards.cardRef, card.cardRef),
      ),
    );
  if (!row) throw new Error(`seed: no ${card.cardType} card for ${card.cardRef}`);
  const [target] = await db
    .select()
    .from(steps)
    .where(
      and(
        eq(steps.pipeId, row.pipeId),
        'stepName' in to ? eq(steps.name, to.stepName) : eq(steps.kind, to.kind),
      ),
    );
  await perform(ctx, calls.navigateKanbanCard, () =>
    moveCard(
      { requestId: 'seed', log: ctx.log, company: { id: ctx.company.id }, user: ctx.user, db },
      { cardId: row.id, stepId: row.stepId, stepToId: target!.id, justification },
      async (decision) => {
        await ctx.platform.wiring.cardOwners[decision.cardType as CardTypeValue]?.decide?.(ctx, decision);
      },
    ),
  );
};
