import {
  getCompareChanges,
  getEndorsementType,
  getPolicyEndorsementRequestDocument,
  getReasonEndorsementRequest,
  listEndorsementAttachments,
  listEndorsementsByPolicy,
  validateCanRequestEndorsementType,
} from '@aval/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api.js';

/** Query keys of the endorsements feature; every mutation invalidates `all`. */
export const endorsementKeys = {
  all: ['endorsements'] as const,
  types: () => [...endorsementKeys.all, 'types'] as const,
  reasons: (typeId: number) => [...endorsementKeys.all, 'reasons', typeId] as const,
  documents: (typeId: number, reasonId: number | null, changes: string) =>
    [...endorsementKeys.all, 'documents', typeId, reasonId, changes] as const,
  ofPolicy: (policyUniqueId: string) => [...endorsementKeys.all, 'policy', policyUniqueId] as const,
  can: (policyUniqueId: string, typeId: number) =>
    [...endorsementKeys.all, 'can', policyUniqueId, typeId] as const,
  attachments: (id: number) => [...endorsementKeys.all, 'attachments', id] as const,
  compare: (uniqueId: string) => [...endorsementKeys.all, 'compare', uniqueId] as const,
};

export const useEndorsementTypes = () =>
  useQuery({
    queryKey: endorsementKeys.types(),
    queryFn: () => api.call(getEndorsementType),
    staleTime: Infinity,
  });

export const useEndorsementReasons = (typeId: number) =>
  useQuery({
    queryKey: endorsementKeys.reasons(typeId),
    queryFn: () => api.call(getReasonEndorsementRequest, { query: { PolicyEndorsementTypeId: typeId } }),
    staleTime: Infinity,
  });

export const useRequiredDocuments = (typeId: number, reasonId: number | null, changes: number[]) => {
  const ids = [...changes].sort().join(',');
  return useQuery({
    queryKey: endorsementKeys.documents(typeId, reasonId, ids),
    queryFn: () =>
      api.call(getPolicyEndorsementRequestDocument, {
        query: {
          endorsementTypeId: typeId,
          endorsementReasonId: reasonId ?? undefined,
          endorsementChangeTypeIds: ids || undefined,
        },
      }),
  });
};

export const usePolicyEndorsements = (policyUniqueId: string) =>
  useQuery({
    queryKey: endorsementKeys.ofPolicy(policyUniqueId),
    queryFn: () => api.call(listEndorsementsByPolicy, { query: { policyUniqueId } }),
    enabled: Boolean(policyUniqueId),
  });

export const useCanRequest = (policyUniqueId: string, typeId: number, enabled = true) =>
  useQuery({
    queryKey: endorsementKeys.can(policyUniqueId, typeId),
    enabled,
    queryFn: () => api.call(validateCanRequestEndorsementType, { query: { policyUniqueId, type: typeId } }),
  });

export const useEndorsementAttachments = (id: number) =>
  useQuery({
    queryKey: endorsementKeys.attachments(id),
    queryFn: () => api.call(listEndorsementAttachments, { query: { endorsementId: String(id) } }),
  });

export const useEndorsementChanges = (uniqueId: string) =>
  useQuery({
    queryKey: endorsementKeys.compare(uniqueId),
    queryFn: () => api.call(getCompareChanges, { query: { proposalUniqueId: uniqueId } }),
  });
