import { z } from 'zod';
import type { Platform } from '../../context.js';
import { defineQueue } from '../../plugins/jobs.js';
import type { SroRegistrationRow } from './sro.repository.js';

export const SRO_DELIVER_QUEUE = 'sro-deliver';
export const SRO_SWEEP_QUEUE = 'sro-sweep';
/** Every 5 minutes: registrations whose job was lost or whose answer never came (docs/sro.md). */
export const SRO_SWEEP_CRON = '*/5 * * * *';

export const sroDeliverData = z.object({ companyId: z.number().int(), registrationId: z.number().int() });

/**
 * The delivery queue: one job per send of a registration, retried with backoff (1 s, 2 s, 4 s …,
 * twelve times: about an hour) while the registradora cannot answer; the sweep takes over after.
 */
export const sroDeliverQueueDef = {
  name: SRO_DELIVER_QUEUE,
  data: sroDeliverData,
  retryLimit: 12,
  retryDelaySeconds: 1,
  backoff: true,
};
const sroDeliverQueue = defineQueue(sroDeliverQueueDef);

/**
 * Sends one delivery job for the registration's current send, in the caller's transaction: it exists
 * only if the business change commits. The key (registration, version, send) makes a repeated
 * call in the same send one job; a wake-up (its predecessor got registered) is a job of its own.
 */
export const queueDelivery = (
  ctx: { platform: Platform; db: unknown },
  r: Pick<SroRegistrationRow, 'id' | 'companyId' | 'version' | 'sendCount'>,
  how: 'send' | 'wake' = 'send',
) =>
  ctx.platform.jobs.send(
    sroDeliverQueue,
    { companyId: r.companyId, registrationId: r.id },
    { tx: ctx.db, idempotencyKey: how === 'send' ? `${r.id}:${r.version}:${r.sendCount}` : undefined },
  );
