import { createHash } from 'node:crypto';
import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { sql } from 'drizzle-orm';
import { type DrizzleTransactionLike, fromDrizzle, fromPglite, type PGliteLike, PgBoss } from 'pg-boss';
import type { z } from 'zod';
import { type ListenHandle, notify, type PgListener } from './listener.js';
import type { AnyPgDatabase } from './tenancy.js';

export type JobLog = {
  child: (bindings: object) => JobLog;
  error: (obj: object, msg?: string) => void;
  warn: (obj: object, msg?: string) => void;
  info: (obj: object, msg?: string) => void;
};

/**
 * A queue and, in the service that consumes it, its handler. Data is validated with `data` on
 * send and again before handling. A queue without a handler is only sent to from this process
 * (another service, or another process, works it).
 */
export type QueueDef<S extends z.ZodType, L extends JobLog = JobLog> = {
  name: string;
  data: S;
  /** Attempts after the first failure (default 3). */
  retryLimit?: number;
  /** Seconds between attempts, doubled each time when `backoff` (default 5, backoff on). */
  retryDelaySeconds?: number;
  backoff?: boolean;
  /** Seconds between polls of an idle worker (default: the process's, 2 s). */
  pollingIntervalSeconds?: number;
  /** Jobs of this queue worked at once in one process (default 1), each by its own worker. */
  localConcurrency?: number;
  handler?: (data: z.infer<S>, job: { id: string; log: L }) => Promise<void>;
};

export const defineQueue = <S extends z.ZodType, L extends JobLog = JobLog>(def: QueueDef<S, L>) => def;

export type SendOptions = {
  /** Same key, same job: a second send with it is ignored while the first is kept. */
  idempotencyKey?: string;
  /** Enqueue inside this Drizzle transaction (the job exists only if the transaction commits). */
  tx?: unknown;
  startAfterSeconds?: number;
};

export type Jobs<L extends JobLog = JobLog> = {
  /**
   * Declares a queue (and, when this process works jobs, its handler). Call before `start`. A
   * handler-less declaration never replaces one with a handler (one process may both send to a
   * queue and work it, e.g. the API and the kanban service mounted together).
   */
  register: <S extends z.ZodType>(queue: QueueDef<S, L>) => void;
  send: <S extends z.ZodType>(
    queue: QueueDef<S, L>,
    data: z.input<S>,
    options?: SendOptions,
  ) => Promise<string | null>;
  start: () => Promise<void>;
  stop: () => Promise<void>;
  readonly started: boolean;
  boss: PgBoss;
};

/** A stable UUID from an idempotency key, so pg-boss's unique job id refuses the duplicate. */
const uuidFromKey = (queue: string, key: string) => {
  const h = createHash('sha256').update(`${queue}\n${key}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

/** Where the jobs live: the embedded PGlite, or a PostgreSQL pool (anything with `query`). */
export type JobsDatabase = {
  db: AnyPgDatabase;
  pglite?: PGliteLike;
  // biome-ignore lint/suspicious/noExplicitAny: pg's query result rows
  pool?: { query: (text: string, values?: unknown[]) => Promise<{ rows: any[] }> };
};

export type JobsOptions = {
  workers: boolean;
  pollingIntervalSeconds?: number;
  /**
   * The process's LISTEN connection: a job sent (on its transaction's commit) wakes the workers of
   * its queue in every instance at once, instead of at their next poll (which stays the fallback).
   */
  listener?: PgListener;
};

/**
 * Where a job carries its sender's trace context (W3C traceparent), beside its data: the worker's
 * span continues the sender's trace. Without a tracing SDK the carrier is empty and nothing is added.
 */
const TRACE_FIELD = '_trace';
const tracer = trace.getTracer('@aval/transport/jobs');

const withTraceContext = (payload: object) => {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return Object.keys(carrier).length ? { ...payload, [TRACE_FIELD]: carrier } : payload;
};

/** Runs a job's handler in a consumer span, child of the sender's span when the job carries one. */
const inJobSpan = (queue: string, job: { id: string; data: unknown }, work: () => Promise<void>) => {
  const carrier = (job.data as Record<string, unknown> | null)?.[TRACE_FIELD];
  const parent =
    carrier && typeof carrier === 'object' ? propagation.extract(ROOT_CONTEXT, carrier) : ROOT_CONTEXT;
  const attributes = {
    'messaging.system': 'pg-boss',
    'messaging.destination.name': queue,
    'messaging.message.id': job.id,
  };
  return tracer.startActiveSpan(
    `${queue} process`,
    { kind: SpanKind.CONSUMER, attributes },
    parent,
    async (span) => {
      try {
        await work();
      } catch (err) {
        span.recordException(err as Error);
        span.setStatus({ code: SpanStatusCode.ERROR });
        throw err;
      } finally {
        span.end();
      }
    },
  );
};

/** The channel a sent job is announced on (payload: its queue's name). */
const JOBS_CHANNEL = 'aval_jobs';

/**
 * The queues already announced in a transaction: PostgreSQL delivers one notification per channel
 * and payload at commit however often it was sent, so a second job of the same queue in the same
 * transaction (an issuance's SRO operations) skips the statement. A savepoint is its own
 * transaction object, so a rolled-back one never hides its parent's announcement.
 */
const announced = new WeakMap<object, Set<string>>();
const firstAnnouncement = (tx: object | undefined, queue: string) => {
  if (!tx) return true;
  const queues = announced.get(tx) ?? new Set<string>();
  announced.set(tx, queues);
  if (queues.has(queue)) return false;
  queues.add(queue);
  return true;
};

/** pg-boss on the service's database (PGlite or PostgreSQL), schema `pgboss`. */
export const createJobs = <L extends JobLog = JobLog>(
  database: JobsDatabase,
  log: L,
  options: JobsOptions,
): Jobs<L> => {
  const boss = database.pglite
    ? new PgBoss({ db: fromPglite(database.pglite), backend: 'pglite', schema: 'pgboss' })
    : new PgBoss({
        db: { executeSql: (text, values) => database.pool!.query(text, values) },
        schema: 'pgboss',
      });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  // biome-ignore lint/suspicious/noExplicitAny: queues of different data shapes live side by side
  const queues = new Map<string, QueueDef<any, L>>();
  const workers = new Map<string, string[]>();
  let wake: ListenHandle | undefined;
  let started = false;

  return {
    boss,
    get started() {
      return started;
    },
    register: (queue) => {
      const known = queues.get(queue.name);
      if (known?.handler && !queue.handler) return;
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
        const handler = q.handler;
        // One worker per concurrent job (pg-boss's localConcurrency hands out one id, so a NOTIFY
        // could wake only the first of them): each polls and is woken on its own. Also on PGlite:
        // a NOTIFY that comes while the only worker is busy would wait for the next poll.
        const concurrency = q.localConcurrency ?? 1;
        for (let i = 0; options.workers && handler && i < concurrency; i++) {
          const id = await boss.work(
            q.name,
            {
              pollingIntervalSeconds: q.pollingIntervalSeconds ?? options.pollingIntervalSeconds ?? 2,
              batchSize: 1,
            },
            async (jobs) => {
              for (const job of jobs) {
                const jobLog = log.child({ queue: q.name, jobId: job.id }) as L;
                await inJobSpan(q.name, job, () =>
                  handler(q.data.parse(job.data), { id: job.id, log: jobLog }),
                );
              }
            },
          );
          workers.set(q.name, [...(workers.get(q.name) ?? []), id]);
        }
      }
      if (options.listener && workers.size > 0)
        wake = await options.listener.listen(JOBS_CHANNEL, (queue) => {
          for (const id of workers.get(queue) ?? []) boss.notifyWorker(id);
        });
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
      const id = await boss.send(queue.name, withTraceContext(payload), sendOptions);
      // Delivered when the sending transaction commits (never if it rolls back); a delayed job waits.
      if (!opts.startAfterSeconds && firstAnnouncement(opts.tx as object | undefined, queue.name))
        await notify((opts.tx as typeof database.db | undefined) ?? database.db, JOBS_CHANNEL, queue.name);
      return id;
    },
    stop: async () => {
      await wake?.close();
      wake = undefined;
      if (started) await boss.stop({ graceful: true, timeout: 5000 });
      started = false;
    },
  };
};
