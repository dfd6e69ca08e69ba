import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type DrizzleTransactionLike, fromDrizzle, fromPglite, PgBoss } from 'pg-boss';
import type { z } from 'zod';
import type { Database, Tx } from '../db/client.js';

/** A queue and its handler. Data is validated with `data` on send and again before handling. */
export type QueueDef<S extends z.ZodType> = {
  name: string;
  data: S;
  /** Attempts after the first failure (default 3). */
  retryLimit?: number;
  /** Seconds between attempts, doubled each time when `backoff` (default 5, backoff on). */
  retryDelaySeconds?: number;
  backoff?: boolean;
  handler: (data: z.infer<S>, job: { id: string; log: FastifyBaseLogger }) => Promise<void>;
};

export const defineQueue = <S extends z.ZodType>(def: QueueDef<S>) => def;

export type SendOptions = {
  /** Same key, same job: a second send with it is ignored while the first is kept. */
  idempotencyKey?: string;
  /** Enqueue inside this transaction (the job exists only if the transaction commits). */
  tx?: Tx;
  startAfterSeconds?: number;
};

export type Jobs = {
  /** Declares a queue (and, when workers run, its handler). Call before start. */
  register: <S extends z.ZodType>(queue: QueueDef<S>) => void;
  send: <S extends z.ZodType>(
    queue: QueueDef<S>,
    data: z.input<S>,
    options?: SendOptions,
  ) => Promise<string | null>;
  start: () => Promise<void>;
  stop: () => Promise<void>;
  boss: PgBoss;
};

/** A stable UUID from an idempotency key, so pg-boss's unique job id refuses the duplicate. */
const uuidFromKey = (queue: string, key: string) => {
  const h = createHash('sha256').update(`${queue}\n${key}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

export type JobsOptions = { workers: boolean; pollingIntervalSeconds?: number };

/** pg-boss on the same database (PGlite or PostgreSQL), schema `pgboss`. */
export const createJobs = (database: Database, log: FastifyBaseLogger, options: JobsOptions): Jobs => {
  const boss =
    database.driver === 'pglite' && database.pglite
      ? new PgBoss({ db: fromPglite(database.pglite), backend: 'pglite', schema: 'pgboss' })
      : new PgBoss({
          db: { executeSql: (text, values) => database.pool!.query(text, values) },
          schema: 'pgboss',
        });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  // biome-ignore lint/suspicious/noExplicitAny: queues of different data shapes live side by side
  const queues = new Map<string, QueueDef<any>>();
  let started = false;

  return {
    boss,
    register: (queue) => {
      queues.set(queue.name, queue);
    },
    start: async () => {
      await boss.start();
      for (const q of queues.values()) {
        await boss.createQueue(q.name, {
          retryLimit: q.retryLimit ?? 3,
          retryDelay: q.retryDelaySeconds ?? 5,
          retryBackoff: q.backoff ?? true,
        });
        if (options.workers) {
          await boss.work(
            q.name,
            { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2, batchSize: 1 },
            async (jobs) => {
              for (const job of jobs) {
                const jobLog = log.child({ queue: q.name, jobId: job.id });
                await q.handler(q.data.parse(job.data), { id: job.id, log: jobLog });
              }
            },
          );
        }
      }
      // Requests run as the app role and enqueue inside their transaction: let it insert jobs.
      await database.db.execute(sql.raw('GRANT USAGE ON SCHEMA pgboss TO aval_app'));
      await database.db.execute(
        sql.raw('GRANT SELECT, INSERT, UPDATE ON ALL TABLES IN SCHEMA pgboss TO aval_app'),
      );
      started = true;
    },
    send: async (queue, data, opts = {}) => {
      if (!started) throw new Error('jobs not started');
      const payload = queue.data.parse(data) as object;
      const sendOptions = {
        id: opts.idempotencyKey ? uuidFromKey(queue.name, opts.idempotencyKey) : undefined,
        startAfter: opts.startAfterSeconds,
        db: opts.tx ? fromDrizzle(opts.tx as unknown as DrizzleTransactionLike, sql) : undefined,
      };
      return boss.send(queue.name, payload, sendOptions);
    },
    stop: async () => {
      if (started) await boss.stop({ graceful: true, timeout: 5000 });
      started = false;
    },
  };
};
