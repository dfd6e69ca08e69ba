/**
 * Waiting in API tests for work that happens after the call returns (job queues, NOTIFY, the board
 * stream). CI's shared machine is up to 3x slower at times, so a wait never sleeps a fixed time and
 * never counts tries: it checks the condition until it holds, bounded by a deadline well under the
 * test timeout (30 s), so a stuck wait fails with what it waited for instead of the test timing out.
 */

/** The deadline of one wait: generous for a 3x slower host, well under the 30 s test timeout. */
export const WAIT_MS = 20_000;

/** First pause between checks; it doubles up to `MAX_PAUSE_MS` (quick on a fast host, light on a slow one). */
const FIRST_PAUSE_MS = 50;
const MAX_PAUSE_MS = 250;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Checks `probe` until it gives a value (anything but undefined, null or false) and returns that
 * value. A probe that throws (an `expect` not met yet) counts as not yet; after `timeoutMs` the
 * wait fails with `what` and the last error.
 */
export const until = async <T>(
  probe: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  what: string,
  timeoutMs = WAIT_MS,
): Promise<T> => {
  const started = Date.now();
  let wait = FIRST_PAUSE_MS;
  let last: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined && value !== null && value !== false) return value;
      last = undefined;
    } catch (err) {
      last = err;
    }
    const elapsed = Date.now() - started;
    if (elapsed >= timeoutMs) {
      const reason = last instanceof Error ? `: ${last.message}` : last ? `: ${String(last)}` : '';
      throw new Error(`timed out after ${elapsed} ms waiting for ${what}${reason}`, { cause: last });
    }
    await pause(Math.min(wait, timeoutMs - elapsed));
    wait = Math.min(wait * 2, MAX_PAUSE_MS);
  }
};

/**
 * Counters use fixed windows aligned on the clock (lib/counters.ts): before a sequence that must
 * fall in one window, wait (if needed) until the current window of `seconds` has `room` ms left.
 */
export const roomInWindow = async (seconds: number, room = 12_000) => {
  const left = seconds * 1000 - (Date.now() % (seconds * 1000));
  if (left < room) await pause(left + 50);
};
