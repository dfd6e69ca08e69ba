import { z } from 'zod';
import type { Platform, UserContext } from '../../context.js';
import { runAsInsurerUser } from '../../plugins/job-context.js';
import { defineQueue } from '../../plugins/jobs.js';
import { findPolicyById } from './policies.endorsements.js';
import { ensurePolicyDocument } from './policies.service.js';

/**
 * An issued policy's PDF is made in a durable job, sent inside the issuance's transaction so it
 * runs once the issuance is committed: the issuance neither waits for the render nor fails with it
 * (retried; the policy stands). A download or the public verification before the job renders it
 * itself (ensurePolicyDocument, one render under the row lock).
 */
export const POLICY_DOCUMENTS_QUEUE = 'policy-documents';
const policyDocumentsJob = z.object({
  companyId: z.number().int().positive(),
  policyId: z.number().int().positive(),
});
const policyDocumentsQueue = defineQueue({ name: POLICY_DOCUMENTS_QUEUE, data: policyDocumentsJob });

/** Sends the issued policy's documents job in the caller's transaction. */
export const queuePolicyDocuments = (ctx: UserContext, policyId: number) =>
  ctx.platform.jobs.send(
    policyDocumentsQueue,
    { companyId: ctx.company.id, policyId },
    { tx: ctx.db, idempotencyKey: `policy-documents:${ctx.company.id}:${policyId}` },
  );

/** The worker: the policy's PDF, rendered as the system (idempotent: a policy with one is left). */
export const policyDocumentsWorker = (platform: Platform) =>
  defineQueue({
    name: POLICY_DOCUMENTS_QUEUE,
    data: policyDocumentsJob,
    retryLimit: 5,
    handler: async (job, meta) => {
      await runAsInsurerUser(
        platform,
        { companyId: job.companyId, userId: 0, jobId: meta.id },
        meta.log,
        async (ctx) => {
          const policy = await findPolicyById(ctx, job.policyId);
          if (policy) await ensurePolicyDocument(ctx, policy);
        },
      );
    },
  });
