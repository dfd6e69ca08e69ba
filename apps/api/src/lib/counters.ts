import { and, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { rateCounters } from './counters.table.js';

/**
 * Counters that hold across API instances: fixed windows kept in PostgreSQL (table
 * `rate_counters`), for rate limits and quotas of any kind (uploads, sign-in attempts, ...).
 *
 * Call it on the database (`platform.database.db`), outside a request's transaction: each call is
 * its own short transaction, so a counter row is locked for milliseconds, never for a whole
 * request (and on PGlite a query outside an open transaction would wait for it to end).
 */
export type Charge = {
  /** What is counted, one namespace per use, e.g. `upload-requests:user:54:12`, `sign-in:ip:10.0.0.1`. */
  key: string;
  /** Length of the window in seconds: 60 per minute, 86 400 per (UTC) day. */
  windowSeconds: number;
  /** The most a window may hold. */
  limit: number;
  /** What this call adds: 1 (a request, the default) or, for volume quotas, e.g. a byte count. */
  amount?: number;
};

export type ChargeResult =
  | { ok: true }
  /** The first charge that would pass its limit, and when its window ends. */
  | { ok: false; key: string; retryAfterSeconds: number };

class Refused extends Error {
  constructor(
    readonly key: string,
    readonly retryAfterSeconds: number,
  ) {
    super(`counter ${key} is at its limit`);
  }
}

const windowOf = (now: Date, seconds: number) => {
  const ms = seconds * 1000;
  const start = Math.floor(now.getTime() / ms) * ms;
  return { start: new Date(start), end: new Date(start + ms) };
};

/**
 * Adds every charge to its counter in the current window, all or nothing: when one would pass
 * its limit, none is added and the result names it. Concurrent calls on any instance are
 * serialised by PostgreSQL on the counter rows (charged in key order, so no deadlock).
 */
export const chargeCounters = async (
  db: DbOrTx,
  charges: Charge[],
  now = new Date(),
): Promise<ChargeResult> => {
  if (charges.length === 0) return { ok: true };
  const ordered = [...charges].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  try {
    await db.transaction(async (tx) => {
      // Ended windows of these keys are of no further use: rows stay bounded by the live keys.
      await tx.delete(rateCounters).where(
        and(
          inArray(
            rateCounters.key,
            ordered.map((c) => c.key),
          ),
          lt(rateCounters.windowEnd, now),
        ),
      );
      for (const c of ordered) {
        const { start, end } = windowOf(now, c.windowSeconds);
        const amount = c.amount ?? 1;
        const retryAfterSeconds = Math.max(1, Math.ceil((end.getTime() - now.getTime()) / 1000));
        if (amount > c.limit) throw new Refused(c.key, retryAfterSeconds);
        const added = await tx
          .insert(rateCounters)
          .values({ key: c.key, windowStart: start, windowEnd: end, count: amount })
          .onConflictDoUpdate({
            target: [rateCounters.key, rateCounters.windowStart],
            set: { count: sql`${rateCounters.count} + excluded.count` },
            setWhere: sql`${rateCounters.count} + excluded.count <= ${c.limit}`,
          })
          .returning({ count: rateCounters.count });
        if (added.length === 0) throw new Refused(c.key, retryAfterSeconds);
      }
    });
    return { ok: true };
  } catch (err) {
    if (err instanceof Refused) return { ok: false, key: err.key, retryAfterSeconds: err.retryAfterSeconds };
    throw err;
  }
};

/** Forgets `keys` in every window (e.g. failed sign-ins once the right password came). */
export const forgetCounters = async (db: DbOrTx, keys: string[]) => {
  if (keys.length) await db.delete(rateCounters).where(inArray(rateCounters.key, keys));
};

/**
 * Deletes every ended window, of any key. Charging prunes only its own keys, so keys that are not
 * charged again (client addresses) would stay; the rate-limit store calls this now and then.
 */
export const pruneEndedCounters = async (db: DbOrTx, now = new Date()) => {
  const rows = await db
    .delete(rateCounters)
    .where(lt(rateCounters.windowEnd, now))
    .returning({ key: rateCounters.key });
  return rows.length;
};
