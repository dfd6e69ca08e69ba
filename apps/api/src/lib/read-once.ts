import { is } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.js';

/**
 * Reads kept for the rest of one transaction (issue 33): a call that reads the same reference data
 * several times (a modality's detail is read by the draft's checks, the pricing, the analysis and
 * the answer's view of one "send to analysis") reads it once. Keyed by the transaction object, so
 * a retried or later transaction reads afresh, and nothing outlives the request or crosses
 * instances. Outside a transaction (system work on the database itself) nothing is kept.
 *
 * Only for what the caller's module never changes, or what its one writer forgets (`forgetRead`)
 * in the same transaction: e.g. the proposals module keeps a modality (it never writes one); the
 * insurer's record and a proposal's collections are kept by the repositories that write them, which
 * forget the kept read with each write. A savepoint (`tx.transaction(…)`) is a transaction object
 * of its own: it keeps and forgets its own reads, not its parent's, so a writer of kept data does not
 * run in a savepoint whose parent read that data (the one savepoint, a board endorsement approval,
 * writes neither).
 */
const reads = new WeakMap<DbOrTx, Map<string, Promise<unknown>>>();

export const readOnce = <T>(db: DbOrTx, key: string, load: () => Promise<T>): Promise<T> => {
  if (!is(db, PgTransaction)) return load();
  const kept = reads.get(db) ?? new Map<string, Promise<unknown>>();
  reads.set(db, kept);
  const hit = kept.get(key) as Promise<T> | undefined;
  if (hit) return hit;
  const read = load();
  kept.set(key, read);
  // A failed read is not kept: the caller may catch it and read again.
  read.catch(() => kept.delete(key));
  return read;
};

/** Drops a kept read: its writer changed it in this transaction, so the next read reads afresh. */
export const forgetRead = (db: DbOrTx, key: string) => {
  reads.get(db)?.delete(key);
};
