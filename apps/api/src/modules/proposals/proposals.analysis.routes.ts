import {
  approveProposalManually,
  EngineExecutionType,
  executeAutomaticCreditApprovalValidation,
  executeAutomaticPEPApprovalValidation,
  executeAutomaticRegistrationApprovalValidation,
  executeAutomaticReinsuranceApprovalValidation,
  executeAutomaticSubscriptionApprovalValidation,
  saveReinsuranceRetention,
} from '@aval/contracts';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../context.js';
import { route } from '../../plugins/endpoints.js';
import { approveManually, executeValidation } from './decide-analysis.js';
import { setReinsuranceRetention } from './set-reinsurance-retention.js';

/** The automatic validations of a proposal in analysis (issue 15). */
export const proposalAnalysisRoutes = (app: FastifyInstance, platform: Platform) => {
  const E = EngineExecutionType;
  route(app, platform, executeAutomaticPEPApprovalValidation, (ctx, { query }) =>
    executeValidation(ctx, query.ProposalUniqueId, E.PEP),
  );
  route(app, platform, executeAutomaticCreditApprovalValidation, (ctx, { query }) =>
    executeValidation(ctx, query.ProposalUniqueId, E.CREDIT_RULES),
  );
  route(app, platform, executeAutomaticRegistrationApprovalValidation, (ctx, { query }) =>
    executeValidation(ctx, query.ProposalUniqueId, E.REGISTRATION),
  );
  route(app, platform, executeAutomaticSubscriptionApprovalValidation, (ctx, { query }) =>
    executeValidation(ctx, query.ProposalUniqueId, E.SUBSCRIPTION),
  );
  route(app, platform, executeAutomaticReinsuranceApprovalValidation, (ctx, { query }) =>
    executeValidation(ctx, query.ProposalUniqueId, E.REINSURANCE),
  );
  route(app, platform, approveProposalManually, (ctx, { body }) => approveManually(ctx, body));
  route(app, platform, saveReinsuranceRetention, (ctx, { body }) => setReinsuranceRetention(ctx, body));
};
