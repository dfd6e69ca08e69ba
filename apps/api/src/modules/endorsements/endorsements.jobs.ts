import type { Platform, UserContext } from '../../context.js';
import { runAsInsurerUser } from '../../plugins/job-context.js';
import { defineQueue } from '../../plugins/jobs.js';
import {
  ENDORSEMENT_DOCUMENTS_QUEUE,
  ENDORSEMENT_STEPS_QUEUE,
  endorsementStepsJob,
  renderApprovedDocuments,
  runAllSteps,
} from './endorsements.service.js';

/** A worker of one endorsement's job: run as the user who sent it, in the company's transaction. */
const endorsementWorker = (
  platform: Platform,
  name: string,
  run: (ctx: UserContext, endorsementId: number) => Promise<unknown>,
) =>
  defineQueue({
    name,
    data: endorsementStepsJob,
    retryLimit: 5,
    handler: async (job, meta) => {
      await runAsInsurerUser(
        platform,
        { companyId: job.companyId, userId: job.userId, jobId: meta.id },
        meta.log,
        (ctx) => run(ctx, job.endorsementId),
      );
    },
  });

/**
 * The automatic steps of a filed endorsement (registration, credit, reinsurance, subscription),
 * sent inside the filing transaction: each step's result is stored, so a retry runs only the
 * steps still missing; after the last one the endorsement waits for approval and its card opens.
 */
export const endorsementStepsWorker = (platform: Platform) =>
  endorsementWorker(platform, ENDORSEMENT_STEPS_QUEUE, runAllSteps);

/**
 * The documents of an approved endorsement (its PDF and its boletos' PDFs), sent inside the
 * approval's transaction so it runs once the approval is committed; retried when a render fails
 * (the approval stands). A download before it renders them itself (endorsements.document.ts).
 */
export const endorsementDocumentsWorker = (platform: Platform) =>
  endorsementWorker(platform, ENDORSEMENT_DOCUMENTS_QUEUE, renderApprovedDocuments);
