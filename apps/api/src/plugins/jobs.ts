import {
  createJobs as createSharedJobs,
  defineQueue as defineSharedQueue,
  type JobsOptions,
  type Jobs as SharedJobs,
  type QueueDef as SharedQueueDef,
  type SendOptions as SharedSendOptions,
} from '@aval/transport/jobs';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Database } from '../db/client.js';

/**
 * pg-boss queues of the API: the one implementation of `@aval/transport/jobs` (the kanban service
 * uses it too), typed for the API's transaction and logger.
 */
export type QueueDef<S extends z.ZodType> = SharedQueueDef<S, FastifyBaseLogger>;
export type SendOptions = SharedSendOptions;
export type Jobs = SharedJobs<FastifyBaseLogger>;
export type { JobsOptions };

export const defineQueue = <S extends z.ZodType>(def: QueueDef<S>) => defineSharedQueue(def);

/** pg-boss on the API's database (PGlite or PostgreSQL), schema `pgboss`. */
export const createJobs = (database: Database, log: FastifyBaseLogger, options: JobsOptions): Jobs =>
  createSharedJobs<FastifyBaseLogger>(
    {
      db: database.db,
      pglite: database.driver === 'pglite' ? database.pglite : undefined,
      pool: database.pool,
    },
    log,
    options,
  );
