import {
  getPolicyHolderCcg,
  RequestDocumentType,
  sendPolicyHolderRequestToAnalysis,
  uploadPolicyHolderRequestDocument,
} from '@aval/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api.js';
import type { RequestDocumentsAdapter } from '../../../shared/ui/request-documents-adapter.js';
import { policyHolderKeys } from './policy-holders-api.js';

/** The holder's CCG (status, signatories, the slot of the signed file). */
export const ccgKey = (holderUniqueId: string) => [...policyHolderKeys.all, 'ccg', holderUniqueId] as const;

export const useHolderCcg = (holderUniqueId: string) =>
  useQuery({
    queryKey: ccgKey(holderUniqueId),
    queryFn: () => api.call(getPolicyHolderCcg, { query: { PolicyHolderUniqueId: holderUniqueId } }),
    retry: false,
  });

/**
 * The "CCG assinado" slot for the shared documents panel: the signed file is attached and sent to
 * the insurer's analysis (which opens the ANALISE_CCG card); nothing else changes here.
 */
export const ccgDocumentsAdapter = (holderUniqueId: string): RequestDocumentsAdapter => {
  const owner = { PolicyHolderUniqueId: holderUniqueId };
  return {
    queryKey: [...ccgKey(holderUniqueId), 'documents'],
    invalidate: [policyHolderKeys.all],
    documentTypes: [RequestDocumentType.CCG],
    maxFiles: 1,
    access: { upload: uploadPolicyHolderRequestDocument, submit: sendPolicyHolderRequestToAnalysis },
    list: async () =>
      (await api.call(getPolicyHolderCcg, { query: { PolicyHolderUniqueId: holderUniqueId } }))
        .RequestDocuments,
    upload: (doc, ArchiveUniqueIds) =>
      api.call(uploadPolicyHolderRequestDocument, {
        body: { ...owner, RequestDocumentUniqueId: doc.UniqueId, ArchiveUniqueIds },
      }),
    submit: (docs) =>
      api.call(sendPolicyHolderRequestToAnalysis, {
        body: { ...owner, RequestDocumentUniqueIds: docs.map((d) => d.UniqueId) },
      }),
  };
};
