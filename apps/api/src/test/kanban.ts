import {
  filterKanbanPipeSteps,
  getKanbanPipe,
  type KanbanBoardEvent,
  type KanbanCard,
  kanbanPipeEvents,
  listKanbanPipes,
} from '@aval/contracts';
import { expect } from 'vitest';
import type { Caller } from './call.js';
import type { TestApp } from './harness.js';
import { WAIT_MS } from './wait.js';

/** A pipe of the board with its steps, by its token ('cadastro', 'credito', 'subscricao', ...). */
export const pipeByToken = async (t: TestApp, token: string, as: Caller = 'analista') => {
  const pipes = await t.data(listKanbanPipes, { as });
  return t.data(getKanbanPipe, { as, params: { id: pipes.find((p) => p.token === token)!.id } });
};

/** The cards the board's search finds on a pipe for `text` (a card ref, a name, a document). */
export const searchCards = async (
  t: TestApp,
  pipeId: number,
  text: string,
  as: Caller = 'analista',
): Promise<KanbanCard[]> => {
  const steps = await t.data(filterKanbanPipeSteps, {
    as,
    params: { id: pipeId },
    query: { filterCardsValues: text },
  });
  return steps.flatMap((s) => s.cards);
};

/** The card of `ref` on a pipe (of `cardType`, when given); undefined while it is not there. */
export const findCard = async (
  t: TestApp,
  pipeId: number,
  ref: string,
  { cardType, as }: { cardType?: string; as?: Caller } = {},
): Promise<KanbanCard | undefined> =>
  (await searchCards(t, pipeId, ref, as)).find(
    (c) => c.cardRef === ref && (!cardType || c.cardType === cardType),
  );

/** The path of a pipe's board stream. */
export const boardEventsPath = (pipeId: number) => kanbanPipeEvents.path.replace('{id}', String(pipeId));

/**
 * A board's stream read with fetch (as the portal does) from the service at `base`, parsed into
 * events: `next` waits for an event, `ended` settles when the server closes the stream.
 */
export const openBoardStream = async (
  base: string,
  pipeId: number,
  headers: Record<string, string>,
  lastEventId?: number,
) => {
  const controller = new AbortController();
  const sent = lastEventId === undefined ? headers : { ...headers, 'last-event-id': String(lastEventId) };
  const res = await fetch(`${base}${boardEventsPath(pipeId)}`, { headers: sent, signal: controller.signal });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const events: KanbanBoardEvent[] = [];
  const waiters = new Set<() => void>();
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let open = true;
  const ended = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let cut = buffer.indexOf('\n\n');
        while (cut >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const data = block
            .split('\n')
            .filter((l) => l.startsWith('data: '))
            .map((l) => l.slice(6))
            .join('\n');
          if (data) events.push(JSON.parse(data) as KanbanBoardEvent);
          for (const w of waiters) w();
          cut = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // aborted
    } finally {
      open = false;
    }
  })();
  /** The first event (from index `from`) matching `match`, as it arrives (failing after `timeoutMs`). */
  const next = (match: (e: KanbanBoardEvent) => boolean, from = 0, timeoutMs = WAIT_MS) =>
    new Promise<KanbanBoardEvent>((resolve, reject) => {
      const check = () => {
        const found = events.slice(from).find(match);
        if (found) {
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        }
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no matching event within ${timeoutMs} ms (got ${JSON.stringify(events)})`));
      }, timeoutMs);
      waiters.add(check);
      check();
    });
  /** Settles when the server ends the stream; fails after `timeoutMs` if it is still open. */
  const end = (timeoutMs = WAIT_MS) => {
    let timer: NodeJS.Timeout | undefined;
    return Promise.race([
      ended.finally(() => clearTimeout(timer)),
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`the stream was still open after ${timeoutMs} ms`)),
          timeoutMs,
        );
      }),
    ]);
  };
  return { events, next, end, isOpen: () => open, close: () => controller.abort() };
};
