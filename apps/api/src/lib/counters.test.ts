import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';
import { chargeCounters, forgetCounters, pruneEndedCounters } from './counters.js';
import { rateCounters } from './counters.table.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const at = (iso: string) => new Date(iso);

describe('counters kept in the database', () => {
  it('should count in fixed windows and refuse past the limit until the next window', async () => {
    const c = { key: 'test:window', windowSeconds: 60, limit: 2 };
    expect(await chargeCounters(t.database.db, [c], at('2030-01-01T10:00:05Z'))).toEqual({ ok: true });
    expect(await chargeCounters(t.database.db, [c], at('2030-01-01T10:00:30Z'))).toEqual({ ok: true });
    expect(await chargeCounters(t.database.db, [c], at('2030-01-01T10:00:50Z'))).toEqual({
      ok: false,
      key: 'test:window',
      retryAfterSeconds: 10,
    });
    expect(await chargeCounters(t.database.db, [c], at('2030-01-01T10:01:00Z'))).toEqual({ ok: true });
  });

  it('should add all charges or none', async () => {
    const now = at('2030-01-02T10:00:00Z');
    const small = { key: 'test:all-or-none:small', windowSeconds: 60, limit: 100, amount: 10 };
    const big = { key: 'test:all-or-none:big', windowSeconds: 86_400, limit: 25, amount: 10 };
    expect((await chargeCounters(t.database.db, [small, big], now)).ok).toBe(true);
    expect((await chargeCounters(t.database.db, [small, big], now)).ok).toBe(true);
    const refused = await chargeCounters(t.database.db, [small, big], now);
    expect(refused).toMatchObject({ ok: false, key: 'test:all-or-none:big' });
    const rows = await t.database.db.select().from(rateCounters).where(eq(rateCounters.key, small.key));
    expect(rows.map((r) => r.count)).toEqual([20]);
    // An amount above the limit on its own is refused without touching the counter.
    const huge = await chargeCounters(t.database.db, [{ ...small, amount: 101 }], now);
    expect(huge).toMatchObject({ ok: false, key: small.key });
  });

  it('should let exactly the limit through when many calls race (the database serialises them)', async () => {
    const c = { key: 'test:race', windowSeconds: 3600, limit: 5 };
    const now = at('2030-01-03T10:00:00Z');
    const results = await Promise.all(
      Array.from({ length: 12 }, () => chargeCounters(t.database.db, [c], now)),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(5);
    const [row] = await t.database.db.select().from(rateCounters).where(eq(rateCounters.key, c.key));
    expect(row?.count).toBe(5);
  });

  it('should drop the ended windows of the keys it charges', async () => {
    const c = { key: 'test:prune', windowSeconds: 60, limit: 5 };
    await chargeCounters(t.database.db, [c], at('2030-01-04T10:00:00Z'));
    await chargeCounters(t.database.db, [c], at('2030-01-04T10:05:00Z'));
    const rows = await t.database.db.select().from(rateCounters).where(eq(rateCounters.key, c.key));
    expect(rows.map((r) => r.windowStart.toISOString())).toEqual(['2030-01-04T10:05:00.000Z']);
  });

  it('should forget a key in every window, and prune ended windows of every key', async () => {
    const now = at('2030-01-05T10:00:30Z');
    const forgotten = { key: 'test:forget', windowSeconds: 60, limit: 1 };
    expect((await chargeCounters(t.database.db, [forgotten], now)).ok).toBe(true);
    expect((await chargeCounters(t.database.db, [forgotten], now)).ok).toBe(false);
    await forgetCounters(t.database.db, [forgotten.key]);
    expect((await chargeCounters(t.database.db, [forgotten], now)).ok).toBe(true);

    const ended = { key: 'test:prune-all:ended', windowSeconds: 60, limit: 5 };
    const live = { key: 'test:prune-all:live', windowSeconds: 3600, limit: 5 };
    await chargeCounters(t.database.db, [ended, live], now);
    expect(await pruneEndedCounters(t.database.db, at('2030-01-05T10:02:00Z'))).toBeGreaterThanOrEqual(1);
    const keys = (await t.database.db.select().from(rateCounters)).map((r) => r.key);
    expect(keys).toContain(live.key);
    expect(keys).not.toContain(ended.key);
  });
});
