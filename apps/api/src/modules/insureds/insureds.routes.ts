import {
  createInsuredRequestDocument,
  deleteInsuredRequestDocument,
  getDocumentsByInsuredUniqueId,
  getInsured,
  getInsuredChangeHistory,
  removeInsuredLocation,
  saveInsuredLocation,
  searchInsured,
  searchInsureds,
  setInsuredBlocked,
  updateInsuredBranch,
  updateInsuredLocation,
  updateInsuredName,
  uploadInsuredRequestDocument,
  validateInsuredByDocumentToNewProposal,
} from '@aval/contracts';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../context.js';
import { route } from '../../plugins/endpoints.js';
import * as documents from '../documents/index.js';
import * as service from './insureds.service.js';

export const insuredsRoutes = (app: FastifyInstance, platform: Platform) => {
  route(app, platform, searchInsureds, (ctx, { query }) => service.search(ctx, query));
  route(app, platform, getInsured, (ctx, { query }) => service.getByUniqueId(ctx, query.personUniqueId));
  route(app, platform, getInsuredChangeHistory, (ctx, { query }) => service.getHistory(ctx, query.insuredId));
  route(app, platform, setInsuredBlocked, (ctx, { query }) =>
    service.setBlocked(ctx, query.id, query.isBlocked, query.blockJustify),
  );
  route(app, platform, updateInsuredName, (ctx, { query }) =>
    service.rename(ctx, query.id, query.insuredName),
  );
  route(app, platform, updateInsuredBranch, (ctx, { query }) =>
    service.setPrivate(ctx, query.id, query.isPrivate),
  );
  route(app, platform, saveInsuredLocation, (ctx, { body }) => service.addLocation(ctx, body));
  route(app, platform, updateInsuredLocation, (ctx, { query, body }) =>
    service.updateLocation(ctx, query.id, body),
  );
  route(app, platform, removeInsuredLocation, (ctx, { query }) =>
    service.removeLocation(ctx, query.locationId),
  );
  route(app, platform, getDocumentsByInsuredUniqueId, async (ctx, { query }) =>
    documents.listDocuments(ctx, await service.ownerOf(ctx, query.UniqueId), { deleted: query.deleted }),
  );
  route(app, platform, uploadInsuredRequestDocument, async (ctx, { body }) =>
    documents.attachArchives(
      ctx,
      await service.ownerOf(ctx, body.InsuredUniqueId, { manage: true }),
      body.RequestDocumentUniqueId,
      body.ArchiveUniqueIds,
    ),
  );
  route(app, platform, deleteInsuredRequestDocument, async (ctx, { body }) =>
    documents.deleteDocument(
      ctx,
      await service.ownerOf(ctx, body.InsuredUniqueId, { manage: true }),
      body.RequestDocumentUniqueId,
    ),
  );
  route(app, platform, createInsuredRequestDocument, async (ctx, { body }) =>
    documents.createDocument(ctx, await service.ownerOf(ctx, body.InsuredUniqueId, { manage: true }), body),
  );
  route(app, platform, searchInsured, (ctx, { query }) => service.quickSearch(ctx, query.TextSearch));
  route(app, platform, validateInsuredByDocumentToNewProposal, (ctx, { body }) =>
    service.validateForProposal(ctx, body),
  );
};
