import {
  type EndpointDef,
  type EndpointRequest,
  type EndpointResult,
  getCities,
  getDocumentsByPolicyHolderUniqueId,
  getPolicyHolder,
  getPolicyHolderChangeHistory,
  getRequestLimitDocuments,
  getStateProvinces,
} from '@aval/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api.js';
import { notifyError, notifySuccess } from '../../../shared/ui/notify.js';

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

export const usePolicyHolderDocuments = (uniqueId: string) =>
  useQuery({
    queryKey: policyHolderKeys.documents(uniqueId),
    queryFn: () =>
      api.call(getDocumentsByPolicyHolderUniqueId, { query: { policyHolderUniqueId: uniqueId } }),
  });

export const useRequestLimit = (uniqueId: string) =>
  useQuery({
    queryKey: policyHolderKeys.requestLimit(uniqueId),
    queryFn: () => api.call(getRequestLimitDocuments, { query: { policyHolderUniqueId: uniqueId } }),
  });

export const usePolicyHolderHistory = (uniqueId: string) =>
  useQuery({
    queryKey: policyHolderKeys.history(uniqueId),
    queryFn: () => api.call(getPolicyHolderChangeHistory, { query: { policyHolderId: uniqueId } }),
  });

/** States and cities (IBGE) of the locations module; they rarely change. */
export const useStates = () =>
  useQuery({
    queryKey: ['locations', 'states'],
    queryFn: () => api.call(getStateProvinces),
    staleTime: Infinity,
  });

export const useCities = (stateProvinceId: number | undefined) =>
  useQuery({
    queryKey: ['locations', 'cities', stateProvinceId],
    queryFn: () => api.call(getCities, { query: { stateProvinceId: stateProvinceId! } }),
    enabled: Boolean(stateProvinceId),
    staleTime: Infinity,
  });

/** A change of a policy holder: calls the descriptor, notifies, refreshes the feature's queries. */
export const usePolicyHolderMutation = <D extends EndpointDef>(def: D, successMessage?: string) => {
  const client = useQueryClient();
  return useMutation<EndpointResult<D>, Error, EndpointRequest<D>>({
    mutationFn: (req) => api.call(def, req),
    onSuccess: async () => {
      notifySuccess(successMessage);
      await client.invalidateQueries({ queryKey: policyHolderKeys.all });
    },
    onError: (error) => notifyError(error.message),
  });
};

/** For confirm dialogs: runs the call and refreshes; the dialog shows a refusal itself. */
export const useRefreshingCall = () => {
  const client = useQueryClient();
  return async <D extends EndpointDef>(def: D, req: EndpointRequest<D>, successMessage?: string) => {
    const result = await api.call(def, req);
    notifySuccess(successMessage);
    await client.invalidateQueries({ queryKey: policyHolderKeys.all });
    return result;
  };
};
