import {
  downloadLastEndorsementDocument,
  downloadPolicyDocument,
  getNumberOfDaysToCancelPolicy,
  getPolicyHistory,
  getPolicyShortBrief,
  internalCancelPolicy,
  searchPoliciesRelatedToInsured,
  searchPoliciesRelatedToLoggedUser,
  searchPoliciesRelatedToPolicyHolder,
  verifyPolicy,
} from '@aval/contracts';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../context.js';
import { route } from '../../plugins/endpoints.js';
import * as cancel from './policies.cancel.js';
import * as portal from './policies.portal.js';

/** The policy portal (issue 16): search, brief, history, documents, cancellation, authenticity. */
export const policiesPortalRoutes = (app: FastifyInstance, platform: Platform) => {
  // The searches may read from a replica (DATABASE_REPLICA_URL) once it has the caller's last write.
  route(app, platform, searchPoliciesRelatedToLoggedUser, (ctx, { query }) => portal.search(ctx, query), {
    replica: true,
  });
  route(
    app,
    platform,
    searchPoliciesRelatedToPolicyHolder,
    (ctx, { query }) => portal.searchByPolicyHolder(ctx, query.PolicyHolderUniqueId, query),
    { replica: true },
  );
  route(
    app,
    platform,
    searchPoliciesRelatedToInsured,
    (ctx, { query }) => portal.searchByInsured(ctx, query.UniqueId, query),
    { replica: true },
  );
  route(app, platform, getPolicyShortBrief, (ctx, { query }) => portal.brief(ctx, query.policyUniqueId));
  route(app, platform, getPolicyHistory, (ctx, { query }) => portal.getHistory(ctx, query.policyUniqueid));
  route(app, platform, downloadPolicyDocument, (ctx, { query }) =>
    portal.downloadPolicyDocument(ctx, query.ProposalUniqueId, query.endorsement),
  );
  route(app, platform, downloadLastEndorsementDocument, (ctx, { query }) =>
    portal.downloadLastEndorsementDocument(ctx, query.ProposalUniqueId),
  );
  route(app, platform, getNumberOfDaysToCancelPolicy, (ctx) => cancel.numberOfDaysToCancel(ctx));
  route(app, platform, internalCancelPolicy, (ctx, { query, body }) =>
    cancel.internalCancel(ctx, query.policyNumber, body),
  );
  route(app, platform, verifyPolicy, (ctx, { query }) => portal.verify(ctx, query.number, query.code), {
    rateLimit: { max: 30, timeWindow: '1 minute' },
  });
};
