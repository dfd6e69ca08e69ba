import {
  approveEndorsement,
  createEndorsement,
  downloadEndorsementArchive,
  downloadEndorsementDocument,
  executeAutomaticCreditApprovalEndorsementPolicy,
  executeAutomaticRegistrationEndorsementPolicy,
  executeAutomaticReinsuranceEndorsementPolicy,
  executeAutomaticSubscriptionEndorsementPolicy,
  getCardEndorsementInfo,
  getCompareChanges,
  getEndorsementRequestDocumentArchives,
  getEndorsementType,
  getPolicyEndorsementRequestDocument,
  getReasonEndorsementRequest,
  listEndorsementAttachments,
  listEndorsementsByPolicy,
  validateCanRequestEndorsementType,
  validateEndorsement,
  validateRestore,
} from '@aval/contracts';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../context.js';
import { route } from '../../plugins/endpoints.js';
import * as service from './endorsements.service.js';

export const endorsementsRoutes = (app: FastifyInstance, platform: Platform) => {
  route(app, platform, getEndorsementType, async () => service.getTypes());
  route(app, platform, getReasonEndorsementRequest, async (_ctx, { query }) =>
    service.getReasons(query.PolicyEndorsementTypeId),
  );
  route(app, platform, validateCanRequestEndorsementType, (ctx, { query }) =>
    service.canRequest(ctx, query.policyUniqueId, query.type),
  );
  route(app, platform, getPolicyEndorsementRequestDocument, async (_ctx, { query }) =>
    service.requiredDocuments(query),
  );
  route(app, platform, validateEndorsement, (ctx, { body }) => service.validate(ctx, body));
  route(app, platform, createEndorsement, (ctx, { body }) => service.create(ctx, body));
  route(app, platform, executeAutomaticRegistrationEndorsementPolicy, (ctx, { query }) =>
    service.runStep(ctx, query.proposalUniqueId, 'registration'),
  );
  route(app, platform, executeAutomaticCreditApprovalEndorsementPolicy, (ctx, { query }) =>
    service.runStep(ctx, query.proposalUniqueId, 'credit'),
  );
  route(app, platform, executeAutomaticReinsuranceEndorsementPolicy, (ctx, { query }) =>
    service.runStep(ctx, query.proposalUniqueId, 'reinsurance'),
  );
  route(app, platform, executeAutomaticSubscriptionEndorsementPolicy, (ctx, { body }) =>
    service.runStep(ctx, body.ProposalUniqueId, 'subscription'),
  );
  route(app, platform, approveEndorsement, (ctx, { body }) =>
    service.decide(ctx, body.ProposalUniqueId, { approve: body.Approve, justification: body.Justification }),
  );
  route(app, platform, validateRestore, (ctx, { body }) => service.validateRestore(ctx, body));
  route(app, platform, getCompareChanges, (ctx, { query }) => service.compare(ctx, query.proposalUniqueId));
  route(app, platform, listEndorsementsByPolicy, (ctx, { query }) =>
    service.listByPolicy(ctx, query.policyUniqueId),
  );
  route(app, platform, listEndorsementAttachments, (ctx, { query }) =>
    service.attachments(ctx, query.endorsementId),
  );
  route(app, platform, downloadEndorsementDocument, (ctx, { query }) =>
    service.downloadDocument(ctx, query.proposalUniqueId, query.installment),
  );
  route(app, platform, getEndorsementRequestDocumentArchives, (ctx, { query }) =>
    service.documentArchives(ctx, query.requestDocumentUniqueId),
  );
  route(app, platform, downloadEndorsementArchive, (ctx, { query }) =>
    service.downloadArchive(ctx, query.archiveUniqueId),
  );
  route(
    app,
    platform,
    getCardEndorsementInfo,
    (ctx, { query }) => service.cardInfo(ctx, query.ProposalUniqueId),
    {
      snapshot: true,
    },
  );
};
