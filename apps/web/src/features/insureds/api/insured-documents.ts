import {
  createInsuredRequestDocument,
  deleteInsuredRequestDocument,
  getDocumentsByInsuredUniqueId,
  type InsuredDetail,
  RequestDocumentType,
  uploadInsuredRequestDocument,
} from '@aval/contracts';
import { api } from '../../../app/api.js';
import type { RequestDocumentsAdapter } from '../../../shared/ui/request-documents-adapter.js';
import { insuredKeys } from './insureds-api.js';

/** The insured's documents for the shared panel (the spec has no rename, restore or submit for insureds). */
export const insuredDocumentsAdapter = (
  insured: Pick<InsuredDetail, 'Id' | 'UniqueId'>,
): RequestDocumentsAdapter => {
  const owner = { InsuredUniqueId: insured.UniqueId };
  return {
    queryKey: insuredKeys.documents(insured.UniqueId),
    invalidate: [insuredKeys.history(insured.Id)],
    documentTypes: [RequestDocumentType.INSURED],
    access: {
      create: createInsuredRequestDocument,
      upload: uploadInsuredRequestDocument,
      remove: deleteInsuredRequestDocument,
    },
    list: async () => {
      const [current, removed] = await Promise.all([
        api.call(getDocumentsByInsuredUniqueId, { query: { UniqueId: insured.UniqueId } }),
        api.call(getDocumentsByInsuredUniqueId, { query: { UniqueId: insured.UniqueId, deleted: true } }),
      ]);
      return { RequestDocuments: current, DeletedRequestDocuments: removed };
    },
    create: (input) => api.call(createInsuredRequestDocument, { body: { ...input, ...owner } }),
    upload: (doc, ArchiveUniqueIds) =>
      api.call(uploadInsuredRequestDocument, {
        body: { ...owner, RequestDocumentUniqueId: doc.UniqueId, ArchiveUniqueIds },
      }),
    remove: (doc) =>
      api.call(deleteInsuredRequestDocument, { body: { ...owner, RequestDocumentUniqueId: doc.UniqueId } }),
  };
};
