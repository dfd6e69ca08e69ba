import {
  followUpSendObservation,
  getBranchActivities,
  getCardBranchActivityInfo,
  getCardBrokerInfo,
  getCardObservations,
  getCardPolicyHolderCCGInfo,
  getCardPolicyHolderNomeationRequestInfo,
  getCardRequestLimitInfo,
  getCardUserNames,
  getRequestDocumentArchives,
  kanbanBrokerChangeStatusRequestDocument,
  kanbanBrokerDeleteRequestDocument,
  kanbanBrokerRequestDocument,
  kanbanBrokerRequestDocumentsSendToBroker,
  kanbanPolicyHolderCCGSendToBroker,
  kanbanRequestLimitApproveWithValues,
  kanbanRequestLimitChangeStatusRequestDocument,
  kanbanSaveBranchActivity,
  RequestDocumentType,
} from '@aval/contracts';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../context.js';
import { route } from '../../plugins/endpoints.js';
import {
  createDocumentByInsurer,
  deleteBrokerDocument,
  reviewBrokerDocument,
  sendDocumentsToBroker,
} from '../brokers/brokers.documents.js';
import { getBrokerView } from '../brokers/brokers.service.js';
import { listArchives } from '../documents/documents.service.js';
import {
  branchActivityCardInfo,
  listBranchActivities,
  saveBranchActivity,
} from '../policy-holders/policy-holders.branch-activity.js';
import { ccgCardInfo, sendCcgToBroker } from '../policy-holders/policy-holders.ccg.js';
import {
  approveLimitRequestWithValues,
  limitRequestCardInfo,
  reviewLimitDocument,
} from '../policy-holders/policy-holders.limit-requests.js';
import { nominationCardInfo } from '../policy-holders/policy-holders.nominations.js';
import * as users from '../users/users.service.js';
import { getObservations, sendObservation } from './kanban.follow-up.js';

/** The registry cards' detail calls of the main API (`/api/kanban/*`). */
export const kanbanCardsRoutes = (app: FastifyInstance, platform: Platform) => {
  route(app, platform, getCardBrokerInfo, (ctx, { query }) =>
    getBrokerView(ctx, { uniqueId: query.BrokerUniqueId }),
  );
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
  route(app, platform, getRequestDocumentArchives, (ctx, { query }) =>
    listArchives(ctx, query.RequestDocumentUniqueId),
  );
  route(app, platform, kanbanBrokerRequestDocument, (ctx, { body }) =>
    createDocumentByInsurer(ctx, {
      BrokerUniqueId: body.BrokerUniqueId,
      Name: body.Name,
      RequestDocumentTypeId: body.RequestDocumentTypeId ?? RequestDocumentType.COMPANY,
      IsRequired: body.IsRequired,
    }),
  );
  route(app, platform, kanbanBrokerChangeStatusRequestDocument, (ctx, { body }) =>
    reviewBrokerDocument(ctx, body.RequestDocumentUniqueId, {
      approve: body.Approve,
      note: body.Justification ?? undefined,
    }),
  );
  route(app, platform, kanbanBrokerRequestDocumentsSendToBroker, (ctx, { body }) =>
    sendDocumentsToBroker(ctx, body),
  );
  route(app, platform, kanbanBrokerDeleteRequestDocument, (ctx, { body }) =>
    deleteBrokerDocument(ctx, { RequestDocumentUniqueId: body.RequestDocumentUniqueId }),
  );
  route(app, platform, followUpSendObservation, (ctx, { body }) => sendObservation(ctx, body));
  route(app, platform, getCardObservations, (ctx, { query }) => getObservations(ctx, query));
  route(app, platform, getCardUserNames, async (ctx, { query }) =>
    [...(await users.userNames(ctx, query.UserIds))].map(([Id, Name]) => ({ Id, Name })),
  );
};
