import {
  changeInsurerRequestDocumentName,
  createInsurerRequestDocument,
  deleteInsurerRequestDocument,
  getInsurerRequestDocuments,
  restoreInsurerRequestDocument,
  uploadInsurerRequestDocument,
} from '@aval/contracts';
import { api } from '../../../app/api.js';
import type { RequestDocumentsAdapter } from '../../../shared/ui/request-documents-adapter.js';

/** Query keys of the insurer documents feature; every change invalidates `all`. */
export const documentsKeys = {
  all: ['insurer-documents'] as const,
  list: (deleted: boolean) => [...documentsKeys.all, deleted ? 'deleted' : 'active'] as const,
};

/** The insurer's own documents (/documentos) for the shared panel: any type, removed ones restorable. */
export const insurerDocumentsAdapter: RequestDocumentsAdapter = {
  kind: 'own',
  queryKey: documentsKeys.list(false),
  deletedQueryKey: documentsKeys.list(true),
  invalidate: [documentsKeys.all],
  documentTypes: [],
  forbiddenMessage:
    'Os documentos da seguradora estão disponíveis apenas para usuários da seguradora com permissão de documentos.',
  access: {
    create: createInsurerRequestDocument,
    rename: changeInsurerRequestDocumentName,
    upload: uploadInsurerRequestDocument,
    remove: deleteInsurerRequestDocument,
    restore: restoreInsurerRequestDocument,
  },
  list: () => api.call(getInsurerRequestDocuments, { query: { deleted: false } }),
  listDeleted: () => api.call(getInsurerRequestDocuments, { query: { deleted: true } }),
  create: (input) => api.call(createInsurerRequestDocument, { body: input }),
  rename: (doc, Name) =>
    api.call(changeInsurerRequestDocumentName, { body: { RequestDocumentUniqueId: doc.UniqueId, Name } }),
  upload: (doc, ArchiveUniqueIds) =>
    api.call(uploadInsurerRequestDocument, {
      body: { RequestDocumentUniqueId: doc.UniqueId, ArchiveUniqueIds },
    }),
  remove: (doc) =>
    api.call(deleteInsurerRequestDocument, { body: { RequestDocumentUniqueId: doc.UniqueId } }),
  restore: (doc) =>
    api.call(restoreInsurerRequestDocument, { body: { RequestDocumentUniqueId: doc.UniqueId } }),
};
