import type { ApiModule } from '../../plugins/modules.js';
import { POLICIES_DAILY_CRON, POLICIES_DAILY_QUEUE, policiesDailyQueue } from './policies.jobs.js';
import { policiesPortalRoutes } from './policies.portal.routes.js';
import { policiesRoutes } from './policies.routes.js';
import { policyDocumentsWorker } from './policy-documents.jobs.js';

/** Policies: search, detail, documents, cancellation, verification, and the daily job. */
export const policiesModule: ApiModule = {
  name: 'policies',
  routes: [policiesPortalRoutes, policiesRoutes],
  workers: (platform) => [policiesDailyQueue(platform), policyDocumentsWorker(platform)],
  schedules: [{ queue: POLICIES_DAILY_QUEUE, cron: POLICIES_DAILY_CRON }],
};

// The public face: what other modules may import.
export * from './import-policy.js';
export * from './policies.endorsements.js';
export * from './policies.installments.js';
export * from './policies.read-model.js';
export * from './policies.service.js';
export { recordEndorsementSro, sroPolicyOwner } from './policies.sro.js';
export { queuePolicyDocuments } from './policy-documents.jobs.js';
