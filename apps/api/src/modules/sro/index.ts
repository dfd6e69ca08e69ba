import { z } from 'zod';
import { defineQueue } from '../../plugins/jobs.js';
import type { ApiModule } from '../../plugins/modules.js';
import { deliverSroRegistration } from './deliver-sro-registration.js';
import { sweepSroRegistrations } from './reconcile-sro.js';
import { SRO_SWEEP_CRON, SRO_SWEEP_QUEUE, sroDeliverQueueDef } from './sro.queues.js';
import { sroRoutes } from './sro.routes.js';

/**
 * SRO (issue 35, docs/sro.md): the registrations of every operation of a policy, their delivery to
 * the registradora (queue with retries, ordering per policy, idempotent by event), the sweep that
 * reconciles them, and the staff screen's calls. Owners of a change call `recordSroEvent` in
 * their transaction; the policies module lends the policy's data through the wiring.
 */
export const sroModule: ApiModule = {
  name: 'sro',
  routes: [sroRoutes],
  workers: (platform) => [
    defineQueue({
      ...sroDeliverQueueDef,
      handler: (data, job) => deliverSroRegistration(platform, data, job),
    }),
    defineQueue({
      name: SRO_SWEEP_QUEUE,
      data: z.object({}).passthrough(),
      retryLimit: 1,
      handler: (_data, job) => sweepSroRegistrations(platform, job),
    }),
  ],
  schedules: [{ queue: SRO_SWEEP_QUEUE, cron: SRO_SWEEP_CRON }],
};

// The public face: what other modules may import.
export { recordSroEvent, type SroEvent } from './record-sro-event.js';
export type { SroPolicyOwner, SroPolicyParts } from './sro.owners.js';
export * from './sro.read-model.js';
export { lateSroRegistrations, policySroRegistrations, registerIssuanceManually } from './sro.service.js';
