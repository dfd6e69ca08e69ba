import {
  cardCommandKey,
  KANBAN_CARDS_QUEUE,
  type KanbanCardCommand,
  type KanbanCardData,
  kanbanCardCommand,
} from '@aval/contracts';
import type { CardTypeValue } from '@aval/domain';
import type { TenantContext, UserContext } from '../../context.js';
import { defineQueue } from '../../plugins/jobs.js';
import * as users from '../users/index.js';
import * as repo from './kanban.repository.js';

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
  /** Opening: the step to start in (or to re-open in) by name; default the pipe's first. */
  stepName?: string;
  /** Why the card may not be approved now (undefined keeps the card's; [] clears them). */
  approvalBlockers?: string[];
};

const send = (ctx: TenantContext, action: KanbanCardCommand['action'], card: OwnedCard) => {
  const command = { ...card, action, companyId: ctx.company.id };
  return ctx.platform.jobs.send(kanbanCardsQueue, command, {
    tx: ctx.db,
    // Opening and closing are idempotent by company, card type and ref within one request or job
    // (a later one may re-open a closed card); updates all go through.
    idempotencyKey: action === 'update' ? undefined : cardCommandKey(command, ctx.requestId),
  });
};

/** Opens the owner's card in its pipe (once per card type and ref). */
export const openCard = (ctx: TenantContext, card: OwnedCard) => send(ctx, 'open', card);
/** Replaces what the card shows (header, body, footer, document). */
export const updateCard = (ctx: TenantContext, card: OwnedCard) => send(ctx, 'update', card);
/**
 * Closes the card: its work is done (no longer movable). With `stepName` (a decision taken on the
 * card's own screen rather than by a move) it is first moved to that step, so its history shows it,
 * with `actorUserId` and `justification` when given (who decided and why).
 */
export const closeCard = (
  ctx: TenantContext,
  card: Pick<OwnedCard, 'cardType' | 'cardRef'> & {
    stepName?: string;
    decision?: 'approve' | 'refuse';
    actorUserId?: number;
    justification?: string;
  },
) => send(ctx, 'close', card);

/** Moves the owner's open card to a step by name (e.g. 'Aguardando corretor' when sent to the broker). */
export const moveOwnedCard = (ctx: TenantContext, card: Omit<OwnedCard, 'stepName'> & { stepName: string }) =>
  send(ctx, 'update', card);

// ---------------------------------------------------------------- observations on any card

export type CardObservation = {
  UniqueId: string;
  Observation: string;
  CreatedByName: string | null;
  CreatedAt: string;
  FromInsurer: boolean;
};

/** The observations written on a card (FollowUpSendObservation), oldest first, with their authors. */
export const cardObservations = async (
  ctx: UserContext,
  cardType: string,
  cardRef: string,
): Promise<CardObservation[]> => {
  const rows = await repo.listObservations(ctx.db, ctx.company.id, cardType, cardRef);
  const names = await users.userNames(
    ctx,
    rows.map((r) => r.createdByUserId),
  );
  return rows.map((r) => ({
    UniqueId: String(r.id),
    Observation: r.text,
    CreatedByName: names.get(r.createdByUserId) ?? null,
    CreatedAt: r.createdAt.toISOString(),
    FromInsurer: r.fromInsurer,
  }));
};

/** Records an observation on a card as the caller (the owner's screens and FollowUpSendObservation). */
export const addCardObservation = (
  ctx: UserContext,
  card: { cardType: string; cardRef: string },
  text: string,
  fromInsurer = true,
) =>
  repo.insertObservation(ctx.db, {
    companyId: ctx.company.id,
    cardType: card.cardType,
    cardRef: card.cardRef,
    text,
    createdByUserId: ctx.user.userId,
    fromInsurer,
  });
