import {
  downloadPolicyHolderCcg,
  getBranchActivities,
  getCardBranchActivityInfo,
  getCardPolicyHolderCCGInfo,
  getCardPolicyHolderNomeationRequestInfo,
  getCardRequestLimitInfo,
  getPolicyHolderCcg,
  kanbanPolicyHolderCCGSendToBroker,
  kanbanRequestLimitApproveWithValues,
  kanbanRequestLimitChangeStatusRequestDocument,
  kanbanSaveBranchActivity,
  preparePolicyHolderCcg,
} from '@aval/contracts';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../context.js';
import { route } from '../../plugins/endpoints.js';
import { approveLimitRequestWithValues } from './approve-limit-request.js';
import {
  branchActivityCardInfo,
  listBranchActivities,
  saveBranchActivity,
} from './policy-holders.branch-activity.js';
import { ccgCardInfo, sendCcgToBroker } from './policy-holders.ccg.js';
import { limitRequestCardInfo, reviewLimitDocument } from './policy-holders.limit-requests.js';
import { nominationCardInfo } from './policy-holders.nominations.js';
import { downloadCcg, getHolderCcg, prepareCcg } from './prepare-ccg.js';

/** The policy holder's registry cards (nomination, limit review, branch activity, CCG) and the CCG's preparation. */
export const policyHolderCardsRoutes = (app: FastifyInstance, platform: Platform) => {
  route(app, platform, getCardPolicyHolderNomeationRequestInfo, (ctx, { query }) =>
    nominationCardInfo(ctx, query.PolicyHolderNomeationRequestId),
  );
  route(
    app,
    platform,
    getCardRequestLimitInfo,
    (ctx, { query }) => limitRequestCardInfo(ctx, query.PolicyHolderUniqueId),
    { snapshot: true },
  );
  route(app, platform, kanbanRequestLimitChangeStatusRequestDocument, (ctx, { body }) =>
    reviewLimitDocument(ctx, body),
  );
  route(app, platform, kanbanRequestLimitApproveWithValues, (ctx, { body }) =>
    approveLimitRequestWithValues(ctx, body),
  );
  route(app, platform, getBranchActivities, async () => listBranchActivities());
  route(app, platform, getCardBranchActivityInfo, (ctx, { query }) =>
    branchActivityCardInfo(ctx, query.PolicyHolderUniqueId),
  );
  route(app, platform, kanbanSaveBranchActivity, (ctx, { body }) => saveBranchActivity(ctx, body));
  route(app, platform, getCardPolicyHolderCCGInfo, (ctx, { query }) =>
    ccgCardInfo(ctx, query.PolicyHolderCCGUniqueId),
  );
  route(app, platform, kanbanPolicyHolderCCGSendToBroker, (ctx, { body }) => sendCcgToBroker(ctx, body));
  route(app, platform, getPolicyHolderCcg, (ctx, { query }) => getHolderCcg(ctx, query.PolicyHolderUniqueId));
  route(app, platform, preparePolicyHolderCcg, (ctx, { body }) => prepareCcg(ctx, body));
  route(app, platform, downloadPolicyHolderCcg, (ctx, { query }) =>
    downloadCcg(ctx, query.PolicyHolderCCGUniqueId),
  );
};
