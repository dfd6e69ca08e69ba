import {
  createBrokerRequestDocumentByInsurer,
  deleteBrokerRequestDocument,
  getBrokerChangeHistory,
  getBrokerFinancialData,
  getBrokerProposalCommissions,
  getBrokerRequestDocumentArchives,
  getBrokerRequestDocuments,
  getBrokerRequestDocumentsByBroker,
  getBrokerRequestDocumentsDeletedByBroker,
  getCurrentBroker,
  getSearchBrokers,
  insertBroker,
  inverterBlocked,
  saveBrokerProposalCommission,
  submitBrokerDocumentToReview,
  updateBroker,
  uploadBrokerRequestDocumentArchive,
  uploadBrokerRequestDocumentArchiveByInsurer,
  validateBrokerRegistrationRequest,
  validateBrokerStatus,
} from '@aval/contracts';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../context.js';
import { route } from '../../plugins/endpoints.js';
import * as commissions from './brokers.commissions.js';
import * as docs from './brokers.documents.js';
import * as registration from './brokers.registration.js';
import * as service from './brokers.service.js';
import { saveBrokerCommission } from './save-broker-commission.js';

export const brokersRoutes = (app: FastifyInstance, platform: Platform) => {
  route(app, platform, getCurrentBroker, (ctx, { query }) =>
    service.getBrokerView(ctx, { uniqueId: query.brokerUniqueId }),
  );
  route(
    app,
    platform,
    validateBrokerRegistrationRequest,
    (ctx, { query }) => registration.validateRegistrationRequest(ctx, query),
    { rateLimit: { max: 30, timeWindow: '1 minute' } },
  );
  route(app, platform, insertBroker, (ctx, { body }) => registration.insertBroker(ctx, body), {
    rateLimit: { max: 30, timeWindow: '1 minute' },
  });
  route(app, platform, updateBroker, (ctx, { body }) => service.updateBroker(ctx, body));
  route(app, platform, validateBrokerStatus, (ctx, { query }) =>
    service.validateBrokerStatus(ctx, query.BrokerId),
  );
  route(app, platform, getSearchBrokers, (ctx, { query }) => service.searchBrokers(ctx, query));
  route(app, platform, inverterBlocked, (ctx, { body }) => service.invertBlocked(ctx, body));
  route(app, platform, saveBrokerProposalCommission, (ctx, { body }) => saveBrokerCommission(ctx, body));
  route(app, platform, getBrokerProposalCommissions, (ctx, { query }) =>
    commissions.getProposalCommissions(ctx, query.brokerId),
  );
  route(app, platform, getBrokerFinancialData, (ctx, { query }) =>
    service.getFinancialData(ctx, query.brokerUniqueId),
  );
  route(app, platform, getBrokerChangeHistory, (ctx, { query }) => service.getChangeHistory(ctx, query));

  route(app, platform, getBrokerRequestDocuments, (ctx) => docs.listBrokerDocuments(ctx));
  route(app, platform, getBrokerRequestDocumentsByBroker, (ctx, { query }) =>
    docs.listBrokerDocuments(ctx, query.brokerId),
  );
  route(app, platform, getBrokerRequestDocumentsDeletedByBroker, (ctx, { query }) =>
    docs.listBrokerDocuments(ctx, query.brokerId, true),
  );
  route(app, platform, getBrokerRequestDocumentArchives, (ctx, { query }) =>
    docs.listBrokerDocumentArchives(ctx, query),
  );
  route(app, platform, uploadBrokerRequestDocumentArchive, (ctx, { body }) =>
    docs.uploadOwnDocument(ctx, body),
  );
  route(app, platform, submitBrokerDocumentToReview, (ctx, { body }) =>
    docs.submitOwnDocuments(ctx, body.RequestDocumentUniqueIds),
  );
  route(app, platform, createBrokerRequestDocumentByInsurer, (ctx, { body }) =>
    docs.createDocumentByInsurer(ctx, body),
  );
  route(app, platform, uploadBrokerRequestDocumentArchiveByInsurer, (ctx, { body }) =>
    docs.uploadDocumentByInsurer(ctx, body),
  );
  route(app, platform, deleteBrokerRequestDocument, (ctx, { body }) => docs.deleteBrokerDocument(ctx, body));
};
