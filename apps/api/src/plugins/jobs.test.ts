import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { withTenant } from '../db/client.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { defineQueue } from './jobs.js';

const handled: string[] = [];
let failuresLeft = 1;

const greet = defineQueue({
  name: 'test-greet',
  data: z.object({ name: z.string() }),
  retryLimit: 0,
  handler: async ({ name }) => {
    handled.push(name);
  },
});

const flaky = defineQueue({
  name: 'test-flaky',
  data: z.object({ n: z.number() }),
  retryLimit: 2,
  retryDelaySeconds: 0,
  backoff: false,
  handler: async ({ n }) => {
    if (failuresLeft-- > 0) throw new Error('temporary failure');
    handled.push(`flaky-${n}`);
  },
});

/** A queue polled once a minute: only the wake on commit (LISTEN/NOTIFY) runs its jobs sooner. */
const slowPoll = defineQueue({
  name: 'test-slow-poll',
  data: z.object({ name: z.string() }),
  retryLimit: 0,
  pollingIntervalSeconds: 60,
  handler: async ({ name }) => {
    handled.push(name);
  },
});

/** A second queue polled once a minute. */
const slowPollToo = defineQueue({
  name: 'test-slow-poll-too',
  data: z.object({ name: z.string() }),
  retryLimit: 0,
  pollingIntervalSeconds: 60,
  handler: async ({ name }) => {
    handled.push(name);
  },
});

/** Waits until a handler recorded `name`. */
const handledOnce = (name: string) =>
  vi.waitFor(() => expect(handled).toContain(name), { timeout: 15_000, interval: 50 });
/** Jobs stored for the queue whose data matches `data` (whatever their state). */
const jobsWith = (queue: string, data: object) => t.platform.jobs.boss.findJobs(queue, { data });

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobWorkers: true });
  // Queues are normally registered before start; the test registers and starts them again.
  await t.platform.jobs.stop();
  t.platform.jobs.register(greet);
  t.platform.jobs.register(flaky);
  t.platform.jobs.register(slowPoll);
  t.platform.jobs.register(slowPollToo);
  await t.platform.jobs.start();
});
afterAll(() => t.close());

describe('jobs (pg-boss)', () => {
  it('should run a handler for a sent job', async () => {
    await t.platform.jobs.send(greet, { name: 'Ana' });
    await handledOnce('Ana');
  });

  it('should refuse data that does not match the queue schema', async () => {
    await expect(t.platform.jobs.send(greet, { name: 42 } as never)).rejects.toThrow();
  });

  it('should keep one job per idempotency key', async () => {
    const first = await t.platform.jobs.send(greet, { name: 'Bia' }, { idempotencyKey: 'welcome:bia' });
    const second = await t.platform.jobs.send(greet, { name: 'Bia' }, { idempotencyKey: 'welcome:bia' });
    expect(first).toBeTruthy();
    expect(second).toBeNull();
    await handledOnce('Bia');
    const stored = await jobsWith('test-greet', { name: 'Bia' });
    expect(stored.map((j) => j.id)).toEqual([first]);
    await vi.waitFor(
      async () => expect((await jobsWith('test-greet', { name: 'Bia' }))[0]?.state).toBe('completed'),
      { timeout: 15_000, interval: 50 },
    );
    expect(handled.filter((h) => h === 'Bia')).toHaveLength(1);
  });

  it('should retry a failing handler until it succeeds', async () => {
    await t.platform.jobs.send(flaky, { n: 7 });
    await handledOnce('flaky-7');
    expect(failuresLeft).toBeLessThan(0);
  });

  it('should enqueue inside a tenant transaction only when it commits', async () => {
    await expect(
      withTenant(t.database.db, 54, async (tx) => {
        await t.platform.jobs.send(greet, { name: 'Rollback' }, { tx });
        throw new Error('business failure');
      }),
    ).rejects.toThrow('business failure');
    await withTenant(t.database.db, 54, (tx) => t.platform.jobs.send(greet, { name: 'Commit' }, { tx }));
    await handledOnce('Commit');
    // The rolled-back job never reached the table, so no worker can ever run it.
    expect(await jobsWith('test-greet', { name: 'Rollback' })).toEqual([]);
    expect(await jobsWith('test-greet', { name: 'Commit' })).toHaveLength(1);
    expect(handled).not.toContain('Rollback');
  });

  it('should wake the workers of a queue when a job is committed, not at their next poll', async () => {
    // Polled once a minute: the job runs within seconds only because its commit woke the worker.
    await new Promise((resolve) => setTimeout(resolve, 1500)); // past the worker's first poll
    const sent = Date.now();
    await withTenant(t.database.db, 54, (tx) => t.platform.jobs.send(slowPoll, { name: 'Woken' }, { tx }));
    await handledOnce('Woken');
    expect(Date.now() - sent).toBeLessThan(15_000);
  });

  it('should announce each queue once per transaction, and still wake every queue sent to', async () => {
    await new Promise((resolve) => setTimeout(resolve, 1500)); // past the workers' first poll
    const announcements = await withTenant(t.database.db, 54, async (tx) => {
      const execute = vi.spyOn(tx, 'execute');
      await t.platform.jobs.send(slowPoll, { name: 'Once-1' }, { tx });
      await t.platform.jobs.send(slowPoll, { name: 'Once-2' }, { tx });
      await t.platform.jobs.send(slowPollToo, { name: 'Once-3' }, { tx });
      return execute.mock.calls.filter(([q]) => JSON.stringify(q).includes('pg_notify')).length;
    });
    // Two queues, two statements: PostgreSQL delivers one notification per channel and payload of
    // a transaction, so a second statement for the same queue never woke anything more.
    expect(announcements).toBe(2);
    // Polled once a minute, each queue runs a job within seconds: both were woken at the commit.
    await handledOnce('Once-3');
    await vi.waitFor(() => expect(handled.some((n) => n === 'Once-1' || n === 'Once-2')).toBe(true), {
      timeout: 15_000,
      interval: 50,
    });
    // The next transaction announces again.
    const next = await withTenant(t.database.db, 54, async (tx) => {
      const execute = vi.spyOn(tx, 'execute');
      await t.platform.jobs.send(slowPollToo, { name: 'Once-4' }, { tx });
      return execute.mock.calls.filter(([q]) => JSON.stringify(q).includes('pg_notify')).length;
    });
    expect(next).toBe(1);
    await handledOnce('Once-4');
  });
});
