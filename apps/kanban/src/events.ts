import { notify } from '@aval/transport/listener';
import { insertBoardEvent } from './cards.repository.js';
import type { KanbanDb } from './context.js';

/** The one channel every instance listens on; the payload names the company, pipe and event id. */
export const BOARD_CHANNEL = 'kanban_board';

export type BoardEventKind = 'opened' | 'updated' | 'moved' | 'closed';

/**
 * Writes the event to the outbox and signals it (NOTIFY is delivered when the transaction
 * commits, to every instance): boards of the pipe re-read it from the outbox by id.
 */
export const publishBoardEvent = async (
  db: KanbanDb,
  event: { companyId: number; pipeId: number; kind: BoardEventKind; cardId: number },
) => {
  const id = await insertBoardEvent(db, event);
  await notify(db, BOARD_CHANNEL, `${event.companyId}:${event.pipeId}:${id}`);
  return id;
};
