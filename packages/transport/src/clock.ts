import { AsyncLocalStorage } from 'node:async_hooks';
import { type SQL, sql } from 'drizzle-orm';

const instant = new AsyncLocalStorage<Date>();

/**
 * The time the system acts at: the real clock, or the instant a piece of work was started at with
 * `atInstant`. Every date the services stamp reads it, and every row's `created_at`/`updated_at`
 * (columns.ts), so work run at an instant is recorded as done then: the demo seed plays the demo's
 * months of business on the days they happened, through the same services a person uses.
 */
export const currentTime = (): Date => {
  const at = instant.getStore();
  return at ? new Date(at) : new Date();
};

/** Runs `work` with `currentTime()` at `at` (and within it, every row written is stamped `at`). */
export const atInstant = <T>(at: Date, work: () => Promise<T>): Promise<T> => instant.run(at, work);

/** A row's time stamp on insert: the database's `now()`, or the instant the work runs at. */
export const rowTime = (): Date | SQL => {
  const at = instant.getStore();
  return at ? new Date(at) : sql`now()`;
};
