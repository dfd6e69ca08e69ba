import type { Platform } from '../../context.js';
import { runAsInsurerUser } from '../../plugins/job-context.js';
import { defineQueue } from '../../plugins/jobs.js';
import { ENDORSEMENT_STEPS_QUEUE, endorsementStepsJob, runAllSteps } from './endorsements.service.js';

/**
 * The automatic steps of a filed endorsement (registration, credit, reinsurance, subscription),
 * sent inside the filing transaction: each step's result is stored, so a retry runs only the
 * steps still missing; after the last one the endorsement waits for approval and its card opens.
 */
export const endorsementStepsWorker = (platform: Platform) =>
  defineQueue({
    name: ENDORSEMENT_STEPS_QUEUE,
    data: endorsementStepsJob,
    retryLimit: 5,
    handler: async (job, meta) => {
      await runAsInsurerUser(
        platform,
        { companyId: job.companyId, userId: job.userId, jobId: meta.id },
        meta.log,
        (ctx) => runAllSteps(ctx, job.endorsementId),
      );
    },
  });
