import { SroRegistrationStatus } from '@aval/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Platform, UserContext } from '../../context.js';
import { currentTime } from '../../lib/clock.js';
import { runForEachCompany } from '../../plugins/job-context.js';
import { applyAnswer, deliverSroRegistration, registradoraFor } from './deliver-sro-registration.js';
import { identifierOf } from './record-sro-event.js';
import type { Registradora } from './registradora.js';
import * as repo from './sro.repository.js';

/** A registration untouched this long is the sweep's: its job was lost, or its answer never came. */
const QUIET_MS = 2 * 60_000;
/** Per company and run: a backlog (the demo seed's) drains over a few runs, never floods the queue. */
const BATCH = 25;

/**
 * Reconciles one company's unsettled registrations with the registradora: one sent asks where it
 * stands (registered or rejected there: recorded here; unknown there: due again). Returns the ids
 * due a send (pending ones: a job lost, or recorded where no worker ran, as the demo seed).
 */
export const reconcileCompany = async (ctx: UserContext, registradora: Registradora, quietMs = QUIET_MS) => {
  const before = new Date(currentTime().getTime() - quietMs);
  const due: number[] = [];
  for (const r of await repo.unsettled(ctx.db, ctx.company.id, before, BATCH)) {
    if (r.statusId === SroRegistrationStatus.ENVIADA) {
      const answer = await registradora.status(identifierOf(r));
      if (answer?.situacao === 'EM_PROCESSAMENTO') continue;
      if (answer) {
        await applyAnswer(ctx, r.id, answer);
        continue;
      }
    }
    due.push(r.id);
  }
  return due;
};

/**
 * The `sro-sweep` schedule: every company, as the system; the registrations due a send are sent
 * here, one by one (the same delivery as the queue's), not queued: the delivery queue stays free
 * for the operations of now.
 */
export const sweepSroRegistrations = async (
  platform: Platform,
  job: { id: string; log: FastifyBaseLogger },
) => {
  const registradora = registradoraFor(platform);
  if (!registradora) return;
  const due: { companyId: number; registrationId: number }[] = [];
  await runForEachCompany(platform, job.id, job.log, async (ctx) => {
    for (const id of await reconcileCompany(ctx, registradora))
      due.push({ companyId: ctx.company.id, registrationId: id });
  });
  for (const d of due)
    await deliverSroRegistration(platform, d, job).catch((err) =>
      job.log.warn({ err, registrationId: d.registrationId }, 'SRO registration still undelivered'),
    );
};
