import {
  type EndpointDef,
  type EndpointResult,
  getInsured,
  type InsuredDetail,
  type searchInsureds,
} from '@aval/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api.js';
import type { ContractMutationOptions } from '../../../shared/api/use-contract-mutation.js';

/** A row of /segurados (SearchInsureds). */
export type InsuredRow = EndpointResult<typeof searchInsureds>['Data'][number];

/** The server's pt-BR messages of a failed call (ApiError.messages), one per line. */
export const errorText = (e: Error | null) =>
  e ? ((e as { messages?: string[] }).messages?.join('\n') ?? e.message) : undefined;

/** Query keys of the insureds feature; every mutation invalidates `all`. */
export const insuredKeys = {
  all: ['insureds'] as const,
  list: () => [...insuredKeys.all, 'list'] as const,
  detail: (uniqueId: string) => [...insuredKeys.all, 'detail', uniqueId] as const,
  documents: (uniqueId: string) => [...insuredKeys.all, 'documents', uniqueId] as const,
  history: (insuredId: number) => [...insuredKeys.all, 'history', insuredId] as const,
};

export const useInsured = (uniqueId: string) =>
  useQuery({
    queryKey: insuredKeys.detail(uniqueId),
    queryFn: () => api.call(getInsured, { query: { personUniqueId: uniqueId } }),
    retry: false,
  });

/**
 * Options of every insured write: a returned insured seeds its detail query, then the feature's
 * queries refresh. Refusals stay on the mutation (`error.messages`) so the form shows them.
 */
export const insuredWrites = {
  invalidate: [insuredKeys.all],
  onSuccess: (result, _request, client) => {
    const detail = result as InsuredDetail | undefined;
    if (detail?.UniqueId) client.setQueryData(insuredKeys.detail(detail.UniqueId), detail);
  },
} satisfies ContractMutationOptions<EndpointDef>;
