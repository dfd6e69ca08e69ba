import type { FastifyInstance } from 'fastify';
import type { Platform } from '../context.js';
import type { QueueDef } from './jobs.js';

/**
 * What a module brings to the app (its `index.ts`): the route files it registers, the queue
 * workers it runs and the daily jobs it schedules. `app.ts` assembles the list in one loop; what
 * modules lend one another is in `wiring.ts`.
 */
export type ApiModule = {
  name: string;
  routes: ((app: FastifyInstance, platform: Platform) => void)[];
  // biome-ignore lint/suspicious/noExplicitAny: each queue has its own data schema
  workers?: (platform: Platform) => QueueDef<any>[];
  /** Cron jobs (UTC), stored in pg-boss: every instance's scheduler agrees on one run. */
  schedules?: { queue: string; cron: string }[];
};

/** Registers each module's workers and routes, in the list's order. */
export const registerModules = (app: FastifyInstance, platform: Platform, modules: readonly ApiModule[]) => {
  for (const m of modules) for (const worker of m.workers?.(platform) ?? []) platform.jobs.register(worker);
  for (const m of modules) for (const routes of m.routes) routes(app, platform);
};

/** Schedules the modules' daily jobs (once the job runner started, on instances that run workers). */
export const scheduleModules = async (platform: Platform, modules: readonly ApiModule[]) => {
  for (const m of modules)
    for (const s of m.schedules ?? [])
      await platform.jobs.boss
        .schedule(s.queue, s.cron, {}, { tz: 'UTC' })
        .catch((err) => platform.log.error({ err, queue: s.queue }, `could not schedule ${s.queue}`));
};
