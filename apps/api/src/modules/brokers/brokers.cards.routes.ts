import {
  getCardBrokerInfo,
  kanbanBrokerChangeStatusRequestDocument,
  kanbanBrokerDeleteRequestDocument,
  kanbanBrokerRequestDocument,
  kanbanBrokerRequestDocumentsSendToBroker,
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
} from './brokers.documents.js';
import { getBrokerView } from './brokers.service.js';

/** The brokerage's registry cards (documentation, compliance, PEP): what the analyst reads and does on them. */
export const brokerCardsRoutes = (app: FastifyInstance, platform: Platform) => {
  route(app, platform, getCardBrokerInfo, (ctx, { query }) =>
    getBrokerView(ctx, { uniqueId: query.BrokerUniqueId }),
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
};
