import { SroRegistrationStatus } from '@aval/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Platform, UserContext } from '../../context.js';
import { currentTime } from '../../lib/clock.js';
import { runForEachCompany } from '../../plugins/job-context.js';
import { applyAnswer, registradoraFor } from './deliver-sro-registration.js';
import { identifierOf } from './record-sro-event.js';
import type { Registradora } from './registradora.js';
import { queueDelivery } from './sro.queues.js';
import * as repo from './sro.repository.js';

/** A registration untouched this long is the sweep's: its job was lost, or its answer never came. */
const QUIET_MS = 2 * 60_000;
const BATCH = 200;

/**
 * Reconciles one company's unsettled registrations with the registradora: one sent asks where it
 * stands (registered or rejected there: recorded here; unknown there: sent again), one pending is
 * queued again (a job lost, or recorded where no worker ran, as the demo seed).
 */
export const reconcileCompany = async (ctx: UserContext, registradora: Registradora, quietMs = QUIET_MS) => {
  const before = new Date(currentTime().getTime() - quietMs);
  for (const r of await repo.unsettled(ctx.db, ctx.company.id, before, BATCH)) {
    if (r.statusId === SroRegistrationStatus.ENVIADA) {
      const answer = await registradora.status(identifierOf(r));
      if (answer && answer.situacao !== 'EM_PROCESSAMENTO') {
        await applyAnswer(ctx, r.id, answer);
        continue;
      }
      if (answer) continue;
    }
    const touched = await repo.updateRegistration(ctx.db, r.id, { statusId: SroRegistrationStatus.PENDENTE });
    await queueDelivery(ctx, touched, 'wake');
  }
};

/** The `sro-sweep` schedule: every company, as the system. */
export const sweepSroRegistrations = async (
  platform: Platform,
  job: { id: string; log: FastifyBaseLogger },
) => {
  const registradora = registradoraFor(platform);
  if (!registradora) return;
  await runForEachCompany(platform, job.id, job.log, (ctx) => reconcileCompany(ctx, registradora));
};
