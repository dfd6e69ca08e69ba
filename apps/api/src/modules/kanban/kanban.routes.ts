import {
  getCardBrokerInfo,
  getCardPolicyHolderNomeationRequestInfo,
  getCardRequestLimitInfo,
  kanbanRequestLimitChangeStatusRequestDocument,
} from '@aval/contracts';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../context.js';
import { route } from '../../plugins/endpoints.js';
import { getBrokerView } from '../brokers/brokers.service.js';
import {
  limitRequestCardInfo,
  reviewLimitDocument,
} from '../policy-holders/policy-holders.limit-requests.js';
import { nominationCardInfo } from '../policy-holders/policy-holders.nominations.js';

/** The registry cards' detail calls of the main API (`/api/kanban/*`). */
export const kanbanCardsRoutes = (app: FastifyInstance, platform: Platform) => {
  route(app, platform, getCardBrokerInfo, (ctx, { query }) =>
    getBrokerView(ctx, { uniqueId: query.BrokerUniqueId }),
  );
  route(app, platform, getCardPolicyHolderNomeationRequestInfo, (ctx, { query }) =>
    nominationCardInfo(ctx, query.PolicyHolderNomeationRequestId),
  );
  route(app, platform, getCardRequestLimitInfo, (ctx, { query }) =>
    limitRequestCardInfo(ctx, query.PolicyHolderUniqueId),
  );
  route(app, platform, kanbanRequestLimitChangeStatusRequestDocument, (ctx, { body }) =>
    reviewLimitDocument(ctx, body),
  );
};
