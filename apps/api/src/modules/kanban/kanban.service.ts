import {
  cardCommandKey,
  KANBAN_CARDS_QUEUE,
  type KanbanCardCommand,
  type KanbanCardData,
  kanbanCardCommand,
} from '@aval/contracts';
import type { CardTypeValue } from '@aval/domain';
import type { TenantContext } from '../../context.js';
import { defineQueue } from '../../plugins/jobs.js';

/**
 * The API's side of the kanban service's card queue: owners open, update and close their cards
 * by sending a command inside the transaction of their business change (the job exists only if
 * the change commits, and survives the kanban service being down). The kanban service works it.
 */
export const kanbanCardsQueue = defineQueue({ name: KANBAN_CARDS_QUEUE, data: kanbanCardCommand });

export type OwnedCard = {
  cardType: CardTypeValue;
  /** The owner record's UniqueId. */
  cardRef: string;
  cardData?: KanbanCardData | null;
  cpfCnpj?: string | null;
};

const send = (ctx: TenantContext, action: KanbanCardCommand['action'], card: OwnedCard) => {
  const command = { ...card, action, companyId: ctx.company.id };
  return ctx.platform.jobs.send(kanbanCardsQueue, command, {
    tx: ctx.db,
    // Opening and closing are idempotent by company, card type and ref; updates all go through.
    idempotencyKey: action === 'update' ? undefined : cardCommandKey(command),
  });
};

/** Opens the owner's card in its pipe (once per card type and ref). */
export const openCard = (ctx: TenantContext, card: OwnedCard) => send(ctx, 'open', card);
/** Replaces what the card shows (header, body, footer, document). */
export const updateCard = (ctx: TenantContext, card: OwnedCard) => send(ctx, 'update', card);
/** Closes the card: its work is done (it stays in its last step, no longer movable). */
export const closeCard = (ctx: TenantContext, card: Pick<OwnedCard, 'cardType' | 'cardRef'>) =>
  send(ctx, 'close', card);
