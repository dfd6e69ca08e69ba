import { type EndpointDef, getInsurerRequestDocuments } from '@aval/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api.js';
import type { ContractMutationOptions } from '../../../shared/api/use-contract-mutation.js';

/** Query keys of the insurer documents feature; every mutation invalidates `all`. */
export const documentsKeys = {
  all: ['insurer-documents'] as const,
  list: (deleted: boolean) => [...documentsKeys.all, deleted ? 'deleted' : 'active'] as const,
};

export const useInsurerDocuments = (deleted: boolean) =>
  useQuery({
    queryKey: documentsKeys.list(deleted),
    queryFn: () => api.call(getInsurerRequestDocuments, { query: { deleted } }),
  });

/** Options of every write on the insurer's documents: refreshes both tabs. */
export const documentsWrites = {
  invalidate: [documentsKeys.all],
} satisfies ContractMutationOptions<EndpointDef>;
