import {
  type EndpointResult,
  getNumberOfDaysToCancelPolicy,
  getPolicyShortBrief,
  type searchPoliciesRelatedToLoggedUser,
} from '@aval/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api.js';

/** A row of /apolices (SearchPoliciesRelatedToLoggedUser) and of the policy tabs. */
export type PolicyRow = EndpointResult<typeof searchPoliciesRelatedToLoggedUser>['Data'][number];

/** Query keys of the policies feature; every mutation invalidates `all`. */
export const policyKeys = {
  all: ['policies'] as const,
  list: () => [...policyKeys.all, 'list'] as const,
  ofHolder: (uniqueId: string) => [...policyKeys.all, 'holder', uniqueId] as const,
  ofInsured: (uniqueId: string) => [...policyKeys.all, 'insured', uniqueId] as const,
  brief: (uniqueId: string) => [...policyKeys.all, 'brief', uniqueId] as const,
  history: (uniqueId: string) => [...policyKeys.all, 'history', uniqueId] as const,
  cancelWindow: () => [...policyKeys.all, 'cancel-window'] as const,
};

export const usePolicyBrief = (uniqueId: string) =>
  useQuery({
    queryKey: policyKeys.brief(uniqueId),
    queryFn: () => api.call(getPolicyShortBrief, { query: { policyUniqueId: uniqueId } }),
    retry: false,
  });

export const useCancelWindow = (enabled: boolean) =>
  useQuery({
    queryKey: policyKeys.cancelWindow(),
    queryFn: () => api.call(getNumberOfDaysToCancelPolicy),
    enabled,
    staleTime: 60 * 60 * 1000,
  });
