import { allCardTypes } from '@aval/domain';
import { z } from 'zod';
import { kanbanCardData } from './kanban.contracts.js';

/**
 * The two durable queues between the API and the kanban service (pg-boss, architecture §5): the
 * API opens, updates and closes cards by sending a card command in the transaction of its business
 * change; the kanban service sends a decision back when a card enters an approve or refuse step.
 * Neither reads the other's tables.
 */

const cardType = z.enum(allCardTypes as [string, ...string[]]);

export const KANBAN_CARDS_QUEUE = 'kanban-cards';
export const KANBAN_DECISIONS_QUEUE = 'kanban-decisions';

export const kanbanCardCommand = z.object({
  companyId: z.number().int().positive(),
  action: z.enum(['open', 'update', 'close']),
  cardType,
  /** The owner record's UniqueId. */
  cardRef: z.uuid(),
  cardData: kanbanCardData.nullish(),
  /** CPF or CNPJ, with or without mask. */
  cpfCnpj: z.string().max(20).nullish(),
  /**
   * Opening: the step to start in (by name; default the pipe's first). Update: move the open card to
   * this step. Close: move it there before closing (a decision taken on the card's own screen).
   */
  stepName: z.string().max(100).optional(),
  /**
   * Close: the decision taken elsewhere (an owner's own screen), when no `stepName` is given: the
   * card is moved to the pipe's step of that kind (Aprovado, Recusado) before closing, so a decided
   * card never stays closed in the step where it waited.
   */
  decision: z.enum(['approve', 'refuse']).optional(),
  /**
   * The move to `stepName` (a decision taken on the card's own screen): who took it and why, shown
   * on the card's history of moves. Absent: the system moved it, without a justification.
   */
  actorUserId: z.number().int().positive().optional(),
  justification: z.string().max(2000).optional(),
  /**
   * Why the card may not be approved now, in pt-BR (mandatory documents not conformant, a broker's
   * answer awaited…): the kanban service refuses a move into an approve step while any is given.
   * Undefined keeps what the card has; null or [] clears it.
   */
  approvalBlockers: z.array(z.string().max(300)).max(20).nullish(),
  enteredStepAt: z.iso.datetime().optional(),
});
export type KanbanCardCommand = z.infer<typeof kanbanCardCommand>;

export const kanbanDecision = z.object({
  companyId: z.number().int().positive(),
  cardId: z.number().int().positive(),
  cardType,
  cardRef: z.uuid(),
  decision: z.enum(['approve', 'refuse']),
  /** The insurer user who moved the card. */
  actorUserId: z.number().int().positive(),
  justification: z.string().max(2000).optional(),
  stepName: z.string(),
  /** The move that took the decision. */
  moveId: z.number().int().positive(),
});
export type KanbanDecision = z.infer<typeof kanbanDecision>;

/**
 * Idempotency key of a card command: one open or close per company, card type and owner within one
 * business change (`occurrence`: the request or job that made it). A later change may re-open a
 * closed card (a key without the occurrence would stay taken in pg-boss's job table for days and
 * drop the re-opening); the kanban service itself applies an open of an open card as an update.
 */
export const cardCommandKey = (
  c: Pick<KanbanCardCommand, 'companyId' | 'action' | 'cardType' | 'cardRef'>,
  occurrence: string,
) => `${c.companyId}:${c.cardType}:${c.cardRef}:${c.action}:${occurrence}`;
