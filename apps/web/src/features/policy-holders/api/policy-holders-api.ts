import { type EndpointDef, getPolicyHolder, getRequestLimitDocuments } from '@aval/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api.js';
import type { ContractMutationOptions } from '../../../shared/api/use-contract-mutation.js';

/** Query keys of the policy-holders feature; every mutation invalidates `all`. */
export const policyHolderKeys = {
  all: ['policy-holders'] as const,
  list: () => [...policyHolderKeys.all, 'list'] as const,
  detail: (uniqueId: string) => [...policyHolderKeys.all, 'detail', uniqueId] as const,
  documents: (uniqueId: string) => [...policyHolderKeys.all, 'documents', uniqueId] as const,
  requestLimit: (uniqueId: string) => [...policyHolderKeys.all, 'request-limit', uniqueId] as const,
  history: (uniqueId: string) => [...policyHolderKeys.all, 'history', uniqueId] as const,
};

export const usePolicyHolder = (uniqueId: string) =>
  useQuery({
    queryKey: policyHolderKeys.detail(uniqueId),
    queryFn: () => api.call(getPolicyHolder, { query: { UniqueId: uniqueId } }),
    retry: false,
  });

export const useRequestLimit = (uniqueId: string) =>
  useQuery({
    queryKey: policyHolderKeys.requestLimit(uniqueId),
    queryFn: () => api.call(getRequestLimitDocuments, { query: { policyHolderUniqueId: uniqueId } }),
  });

/**
 * Options of every policy-holder write: refreshes the feature's queries and notifies the
 * server's message on a refusal.
 */
export const policyHolderWrites = {
  invalidate: [policyHolderKeys.all],
  error: 'notify',
} satisfies ContractMutationOptions<EndpointDef>;
