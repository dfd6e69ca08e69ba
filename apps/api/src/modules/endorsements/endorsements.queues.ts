import { EndorsementStatus } from '@aval/domain';
import { z } from 'zod';
import type { UserContext } from '../../context.js';
import { defineQueue } from '../../plugins/jobs.js';
import * as policies from '../policies/index.js';
import { ensureEndorsementDocuments } from './endorsements.document.js';
import * as repo from './endorsements.repository.js';

import { compareLabels } from './endorsements.terms.js';

/** The endorsements' durable jobs: the automatic steps of a filed one, the documents of an approved one. */

/** The automatic steps of a filed endorsement run in a durable job (endorsements.jobs.ts works it). */
export const ENDORSEMENT_STEPS_QUEUE = 'endorsement-steps';
/** What an endorsement's job carries (the steps' and the documents'): run as the user who sent it. */
export const endorsementStepsJob = z.object({
  companyId: z.number().int().positive(),
  endorsementId: z.number().int().positive(),
  userId: z.number().int().nonnegative(),
});
/** The queue of the automatic steps (sent in the filing transaction). */
export const endorsementStepsQueue = defineQueue({
  name: ENDORSEMENT_STEPS_QUEUE,
  data: endorsementStepsJob,
});

/** The documents of an approved endorsement are made in a durable job too. */
export const ENDORSEMENT_DOCUMENTS_QUEUE = 'endorsement-documents';
/** The queue of the approved endorsement's documents. */
export const endorsementDocumentsQueue = defineQueue({
  name: ENDORSEMENT_DOCUMENTS_QUEUE,
  data: endorsementStepsJob,
});

/** The documents job: the approved endorsement's PDF (idempotent; its boletos render on download). */
export const renderApprovedDocuments = async (ctx: UserContext, endorsementId: number) => {
  const row = await repo.findById(ctx.db, ctx.company.id, endorsementId);
  if (!row || row.statusId !== EndorsementStatus.EMITIDO) return;
  const policy = await policies.findPolicyById(ctx, row.policyId);
  if (!policy) return;
  await ensureEndorsementDocuments(ctx, row, policy, compareLabels);
};
