import {
  changeInsurerRequestDocumentName,
  createInsurerRequestDocument,
  deleteInsurerRequestDocument,
  getInsurerRequestDocuments,
  restoreInsurerRequestDocument,
  uploadInsurerRequestDocument,
} from '@aval/contracts';
import type { FastifyInstance } from 'fastify';
import type { Platform, TenantContext } from '../../context.js';
import { route } from '../../plugins/endpoints.js';
import * as documents from '../documents/index.js';

/** The insurer's own documents: the request-documents core with the company as owner. */
const insurer = (ctx: TenantContext): documents.Owner => ({ type: 'insurer', id: ctx.company.id });

export const insurerDocumentsRoutes = (app: FastifyInstance, platform: Platform) => {
  route(app, platform, getInsurerRequestDocuments, (ctx, { query }) =>
    documents.listDocuments(ctx, insurer(ctx), { deleted: query.deleted }),
  );
  route(app, platform, createInsurerRequestDocument, (ctx, { body }) =>
    documents.createDocument(ctx, insurer(ctx), body),
  );
  route(app, platform, uploadInsurerRequestDocument, (ctx, { body }) =>
    documents.attachArchives(ctx, insurer(ctx), body.RequestDocumentUniqueId, body.ArchiveUniqueIds),
  );
  route(app, platform, changeInsurerRequestDocumentName, (ctx, { body }) =>
    documents.renameDocument(ctx, insurer(ctx), body.RequestDocumentUniqueId, body.Name),
  );
  route(app, platform, deleteInsurerRequestDocument, (ctx, { body }) =>
    documents.deleteDocument(ctx, insurer(ctx), body.RequestDocumentUniqueId),
  );
  route(app, platform, restoreInsurerRequestDocument, (ctx, { body }) =>
    documents.restoreDocument(ctx, insurer(ctx), body.RequestDocumentUniqueId),
  );
};
