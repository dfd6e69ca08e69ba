import {
  type EndpointDef,
  getBrokerProposalCommissions,
  getCurrentBroker,
  validateBrokerStatus,
} from '@aval/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api.js';
import type { ContractMutationOptions } from '../../../shared/api/use-contract-mutation.js';

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

/** Options of every brokers write: refreshes every brokers query; refusals stay with the caller. */
export const brokersWrites = { invalidate: [brokersKeys.all] } satisfies ContractMutationOptions<EndpointDef>;
