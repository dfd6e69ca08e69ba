import type { KanbanBoardEvent } from '@aval/contracts';
import type { PgListener } from '@aval/transport/listener';
import { withTenant } from '@aval/transport/tenancy';
import { toCard } from './board.service.js';
import { eventsAfter, lastEventId } from './cards.repository.js';
import type { KanbanDb } from './context.js';
import { BOARD_CHANNEL } from './events.js';

/** Events a board may receive out of id order (transactions commit in any order): re-read this far back. */
const REORDER_WINDOW = 50;

export type BoardSubscriber = {
  companyId: number;
  pipeId: number;
  send: (event: KanbanBoardEvent) => void;
};

type Subscription = BoardSubscriber & {
  /** Highest event id delivered, and the ids delivered within the reorder window. */
  last: number;
  seen: Set<number>;
  reading: Promise<void>;
  again: boolean;
};

/**
 * Real-time boards: every instance LISTENs on one channel through the process's shared listener;
 * a NOTIFY names the company, pipe and event id, and each open board of that pipe reads the
 * outbox from its last delivered id (so a reconnecting client, or a lost notification, loses
 * nothing). Instances share no memory: any instance serves any board.
 */
export const createBoardHub = (db: KanbanDb, listener: PgListener) => {
  const boards = new Map<string, Set<Subscription>>();
  let subscribed: Promise<{ close: () => Promise<void> }> | undefined;
  const keyOf = (companyId: number, pipeId: number) => `${companyId}:${pipeId}`;

  const read = async (sub: Subscription) => {
    const rows = await withTenant(db, sub.companyId, (tx) =>
      eventsAfter(tx, sub.companyId, sub.pipeId, Math.max(0, sub.last - REORDER_WINDOW)),
    );
    for (const row of rows) {
      if (sub.seen.has(row.event.id)) continue;
      sub.seen.add(row.event.id);
      sub.last = Math.max(sub.last, row.event.id);
      sub.send({
        id: row.event.id,
        kind: row.event.kind as KanbanBoardEvent['kind'],
        cardId: row.event.cardId,
        card: row.card ? toCard(row.card, row.slaHours ?? null) : null,
        at: row.event.createdAt.toISOString(),
      });
    }
    for (const id of sub.seen) if (id < sub.last - REORDER_WINDOW) sub.seen.delete(id);
  };

  /** Reads for `sub`, one read at a time; a signal during a read schedules one more. */
  const refresh = (sub: Subscription) => {
    if (sub.again) return;
    sub.again = true;
    sub.reading = sub.reading
      .then(() => {
        sub.again = false;
        return read(sub);
      })
      .catch(() => undefined);
  };

  const onNotification = (payload: string) => {
    const [companyId, pipeId] = payload.split(':').map(Number);
    for (const sub of boards.get(keyOf(companyId!, pipeId!)) ?? []) refresh(sub);
  };
  const onReconnect = () => {
    for (const subs of boards.values()) for (const sub of subs) refresh(sub);
  };

  return {
    /**
     * Opens a board's stream: replays the events after `lastEventId` (none when absent: the board
     * has just read its cards) and then every new one. Returns the function that closes it.
     */
    subscribe: async (subscriber: BoardSubscriber, after?: number) => {
      subscribed ??= listener.listen(BOARD_CHANNEL, onNotification, onReconnect);
      await subscribed;
      const start =
        after ??
        (await withTenant(db, subscriber.companyId, (tx) =>
          lastEventId(tx, subscriber.companyId, subscriber.pipeId),
        ));
      const sub: Subscription = {
        ...subscriber,
        last: start,
        seen: new Set(),
        reading: Promise.resolve(),
        again: false,
      };
      if (after !== undefined) {
        // Only events after the client's id: older ones of the window were delivered before.
        for (let id = Math.max(0, after - REORDER_WINDOW); id <= after; id++) sub.seen.add(id);
      }
      const key = keyOf(subscriber.companyId, subscriber.pipeId);
      const subs = boards.get(key) ?? new Set();
      subs.add(sub);
      boards.set(key, subs);
      refresh(sub);
      return () => {
        subs.delete(sub);
        if (subs.size === 0) boards.delete(key);
      };
    },
    close: async () => {
      boards.clear();
      const handle = await subscribed?.catch(() => undefined);
      subscribed = undefined;
      await handle?.close();
    },
  };
};

export type BoardHub = ReturnType<typeof createBoardHub>;
