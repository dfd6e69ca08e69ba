import {
  changePolicyHolderRequestDocumentName,
  createPolicyHolderRequestDocument,
  deletePolicyHolderRequestDocument,
  getDocumentsByPolicyHolderUniqueId,
  getRequestLimitDocuments,
  type PolicyHolderDetail,
  RequestDocumentType,
  restorePolicyHolderRequestDocument,
  sendPolicyHolderRequestToAnalysis,
  uploadPolicyHolderRequestDocument,
  uploadPolicyHolderRequestLimitsDocument,
} from '@aval/contracts';
import { api } from '../../../app/api.js';
import type { RequestDocumentsAdapter } from '../../../shared/ui/request-documents-adapter.js';
import { policyHolderKeys } from './policy-holders-api.js';

/**
 * The policy holder's documents for the shared panel: its registration documents (types Tomador
 * and CCG) or those of its limit request (type 8, on the limits tab, sharing that tab's query).
 * Creating, renaming, removing and restoring need the right to edit the holder; files and the
 * request for analysis only the documents permissions.
 */
export const policyHolderDocumentsAdapter = (
  holder: Pick<PolicyHolderDetail, 'UniqueId' | 'Permissions'>,
  kind: 'registration' | 'limit',
): RequestDocumentsAdapter => {
  const owner = { PolicyHolderUniqueId: holder.UniqueId };
  const limit = kind === 'limit';
  const upload = limit ? uploadPolicyHolderRequestLimitsDocument : uploadPolicyHolderRequestDocument;
  const editing: Partial<RequestDocumentsAdapter> = holder.Permissions.CanEdit
    ? {
        create: (input) => api.call(createPolicyHolderRequestDocument, { body: { ...input, ...owner } }),
        rename: (doc, Name) =>
          api.call(changePolicyHolderRequestDocumentName, {
            body: { ...owner, RequestDocumentUniqueId: doc.UniqueId, Name },
          }),
        remove: (doc) =>
          api.call(deletePolicyHolderRequestDocument, {
            body: { ...owner, RequestDocumentUniqueId: doc.UniqueId },
          }),
        restore: (doc) =>
          api.call(restorePolicyHolderRequestDocument, {
            body: { ...owner, RequestDocumentUniqueId: doc.UniqueId },
          }),
      }
    : {};
  return {
    queryKey: limit
      ? policyHolderKeys.requestLimit(holder.UniqueId)
      : policyHolderKeys.documents(holder.UniqueId),
    invalidate: [policyHolderKeys.all],
    documentTypes: limit
      ? [RequestDocumentType.REQUEST_LIMIT]
      : [RequestDocumentType.POLICY_HOLDER, RequestDocumentType.CCG],
    access: {
      create: createPolicyHolderRequestDocument,
      rename: changePolicyHolderRequestDocumentName,
      remove: deletePolicyHolderRequestDocument,
      restore: restorePolicyHolderRequestDocument,
      upload,
      submit: sendPolicyHolderRequestToAnalysis,
    },
    list: limit
      ? () => api.call(getRequestLimitDocuments, { query: { policyHolderUniqueId: holder.UniqueId } })
      : () =>
          api.call(getDocumentsByPolicyHolderUniqueId, { query: { policyHolderUniqueId: holder.UniqueId } }),
    upload: (doc, ArchiveUniqueIds) =>
      api.call(upload, { body: { ...owner, RequestDocumentUniqueId: doc.UniqueId, ArchiveUniqueIds } }),
    submit: (docs) =>
      api.call(sendPolicyHolderRequestToAnalysis, {
        body: { ...owner, RequestDocumentUniqueIds: docs.map((d) => d.UniqueId) },
      }),
    ...editing,
  };
};
