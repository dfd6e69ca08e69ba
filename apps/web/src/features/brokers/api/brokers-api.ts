import {
  type EndpointDef,
  type EndpointRequest,
  type EndpointResult,
  getBanks,
  getBrokerProposalCommissions,
  getBrokerRequestDocuments,
  getBrokerRequestDocumentsByBroker,
  getBrokerRequestDocumentsDeletedByBroker,
  getCurrentBroker,
  getStateProvinces,
  validateBrokerStatus,
} from '@aval/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api.js';
import { notifySuccess } from '../../../shared/ui/notify.js';

/** Query keys of the brokers feature; every mutation invalidates `all`. */
export const brokersKeys = {
  all: ['brokers'] as const,
  detail: (uniqueId?: string) => [...brokersKeys.all, 'detail', uniqueId ?? 'mine'] as const,
  status: (brokerId: number) => [...brokersKeys.all, 'status', brokerId] as const,
  commissions: (brokerId: number) => [...brokersKeys.all, 'commissions', brokerId] as const,
  documents: (brokerId: number, deleted: boolean) =>
    [...brokersKeys.all, 'documents', brokerId, deleted ? 'deleted' : 'active'] as const,
  list: () => [...brokersKeys.all, 'list'] as const,
  history: () => [...brokersKeys.all, 'history'] as const,
  banks: () => ['banks'] as const,
  states: () => ['locations', 'states'] as const,
};

/** The own brokerage (no id) or one named by its UniqueId (insurer staff, advisors). */
export const useBroker = (uniqueId?: string) =>
  useQuery({
    queryKey: brokersKeys.detail(uniqueId),
    queryFn: () => api.call(getCurrentBroker, { query: { brokerUniqueId: uniqueId } }),
    retry: false,
  });

export const useBrokerStatus = (brokerId: number, own: boolean) =>
  useQuery({
    queryKey: brokersKeys.status(brokerId),
    queryFn: () => api.call(validateBrokerStatus, { query: { BrokerId: own ? undefined : brokerId } }),
  });

export const useBrokerCommissions = (brokerId: number, own: boolean) =>
  useQuery({
    queryKey: brokersKeys.commissions(brokerId),
    queryFn: () =>
      api.call(getBrokerProposalCommissions, { query: { brokerId: own ? undefined : brokerId } }),
  });

export const useBrokerDocuments = (brokerId: number, own: boolean, deleted: boolean) =>
  useQuery({
    queryKey: brokersKeys.documents(brokerId, deleted),
    queryFn: () =>
      deleted
        ? api.call(getBrokerRequestDocumentsDeletedByBroker, {
            query: { brokerId: own ? undefined : brokerId },
          })
        : own
          ? api.call(getBrokerRequestDocuments, {})
          : api.call(getBrokerRequestDocumentsByBroker, { query: { brokerId } }),
  });

export const useBanks = (enabled = true) =>
  useQuery({
    queryKey: brokersKeys.banks(),
    queryFn: () => api.call(getBanks, {}),
    staleTime: 60 * 60_000,
    enabled,
  });

export const useStates = () =>
  useQuery({
    queryKey: brokersKeys.states(),
    queryFn: () => api.call(getStateProvinces, {}),
    staleTime: 60 * 60_000,
  });

/** A write of the brokers feature: notifies success and refreshes every brokers query. */
export const useBrokersMutation = <D extends EndpointDef>(def: D, successMessage?: string) => {
  const client = useQueryClient();
  return useMutation<EndpointResult<D>, Error, EndpointRequest<D>>({
    mutationFn: (req) => api.call(def, req),
    onSuccess: async () => {
      if (successMessage) notifySuccess(successMessage);
      await client.invalidateQueries({ queryKey: brokersKeys.all });
    },
  });
};
