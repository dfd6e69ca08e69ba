import {
  createProposalRequestDocument,
  type EndpointDef,
  type EndpointResult,
  getModality,
  getPendingRequiredRequestDocuments,
  getProposalByUniqueId,
  getProposalByUniqueId2,
  type getProposals,
  type ProposalView,
  proposalChangeRequestDocumentName,
  proposalDeleteRequestDocument,
  proposalRestoreRequestDocument,
  RequestDocumentType,
  saveProposalRequestDocument,
} from '@aval/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api.js';
import type { ContractMutationOptions } from '../../../shared/api/use-contract-mutation.js';
import type { RequestDocumentsAdapter } from '../../../shared/ui/request-documents-adapter.js';

/** A row of /propostas and /propostas-seguradora. */
export type ProposalRow = EndpointResult<typeof getProposals>['Data'][number];

/** Query keys of the proposals feature; every write invalidates `all`. */
export const proposalKeys = {
  all: ['proposals'] as const,
  list: (side: 'broker' | 'insurer') => [...proposalKeys.all, 'list', side] as const,
  detail: (uniqueId: string) => [...proposalKeys.all, 'detail', uniqueId] as const,
  full: (uniqueId: string) => [...proposalKeys.all, 'full', uniqueId] as const,
  terms: (uniqueId: string) => [...proposalKeys.all, 'terms', uniqueId] as const,
  documents: (uniqueId: string) => [...proposalKeys.all, 'documents', uniqueId] as const,
  pendingRequired: (uniqueId: string) => [...proposalKeys.all, 'pending-required', uniqueId] as const,
  issuance: (uniqueId: string) => [...proposalKeys.all, 'issuance', uniqueId] as const,
  legalRules: (uniqueId: string) => [...proposalKeys.all, 'legal-rules', uniqueId] as const,
  modality: (modalityId: number) => [...proposalKeys.all, 'modality', modalityId] as const,
};

/** The proposal's modality: its coverages, complementary modalities, particular clauses and rules. */
export const useProposalModality = (modalityId: number) =>
  useQuery({
    queryKey: proposalKeys.modality(modalityId),
    queryFn: () => api.call(getModality, { query: { modalityId } }),
    staleTime: 5 * 60_000,
  });

/** The proposal as the wizard edits it (GetProposalByUniqueId). */
export const useProposal = (uniqueId: string | undefined) =>
  useQuery({
    queryKey: proposalKeys.detail(uniqueId ?? ''),
    queryFn: () => api.call(getProposalByUniqueId, { query: { ProposalUniqueId: uniqueId! } }),
    enabled: Boolean(uniqueId),
    retry: false,
  });

/** The detail with timeline, documents, observations and history (GetProposalByUniqueId2). */
export const useProposalDetail = (uniqueId: string) =>
  useQuery({
    queryKey: proposalKeys.full(uniqueId),
    queryFn: () => api.call(getProposalByUniqueId2, { query: { ProposalUniqueId: uniqueId } }),
    retry: false,
  });

/** Options of every proposal write: a returned proposal seeds its query, then the feature refreshes. */
export const proposalWrites = {
  invalidate: [proposalKeys.all],
  onSuccess: (result, _request, client) => {
    const view = result as ProposalView | undefined;
    if (view?.UniqueId && view.Version) client.setQueryData(proposalKeys.detail(view.UniqueId), view);
  },
} satisfies ContractMutationOptions<EndpointDef>;

/** The proposal's request documents for the shared panel. */
/**
 * What the caller may do with the proposal's documents: `edit` (a quote: every action), `replace`
 * (the broker while the insurer analyses it: attach a file, which goes to analysis at once, e.g. in
 * place of a refused one), `read` (files can still be downloaded).
 */
export type ProposalDocumentsMode = 'edit' | 'replace' | 'read';

export const proposalDocumentsAdapter = (
  uniqueId: string,
  mode: ProposalDocumentsMode = 'edit',
): RequestDocumentsAdapter => {
  const owner = { ProposalUniqueId: uniqueId };
  const detail = () => api.call(getProposalByUniqueId2, { query: owner });
  const attachOnly: RequestDocumentsAdapter = {
    queryKey: proposalKeys.documents(uniqueId),
    invalidate: [proposalKeys.all],
    documentTypes: [RequestDocumentType.PROPOSAL],
    readOnly: mode === 'read',
    access: {
      create: createProposalRequestDocument,
      upload: saveProposalRequestDocument,
      remove: proposalDeleteRequestDocument,
      rename: proposalChangeRequestDocumentName,
      restore: proposalRestoreRequestDocument,
    },
    list: async () => {
      const d = await detail();
      return { RequestDocuments: d.RequestDocuments, DeletedRequestDocuments: d.DeletedRequestDocuments };
    },
    upload: (doc, ArchiveUniqueIds) =>
      api.call(saveProposalRequestDocument, {
        body: { ...owner, RequestDocumentUniqueId: doc.UniqueId, ArchiveUniqueIds },
      }),
  };
  if (mode === 'replace') return attachOnly;
  return {
    ...attachOnly,
    create: (input) => api.call(createProposalRequestDocument, { body: { ...input, ...owner } }),
    rename: (doc, Name) =>
      api.call(proposalChangeRequestDocumentName, {
        body: { ...owner, RequestDocumentUniqueId: doc.UniqueId, Name },
      }),
    remove: (doc) =>
      api.call(proposalDeleteRequestDocument, { body: { ...owner, RequestDocumentUniqueId: doc.UniqueId } }),
    restore: (doc) =>
      api.call(proposalRestoreRequestDocument, { body: { ...owner, RequestDocumentUniqueId: doc.UniqueId } }),
  };
};

/** The mandatory documents of the proposal still without a file (what blocks sending it). */
export const usePendingRequiredDocuments = (uniqueId: string) =>
  useQuery({
    queryKey: proposalKeys.pendingRequired(uniqueId),
    queryFn: () => api.call(getPendingRequiredRequestDocuments, { query: { uniqueId } }),
  });
