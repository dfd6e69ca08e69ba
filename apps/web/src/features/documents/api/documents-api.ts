import {
  type EndpointDef,
  type EndpointRequest,
  type EndpointResult,
  getInsurerRequestDocuments,
} from '@aval/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api.js';
import { notifySuccess } from '../../../shared/ui/notify.js';

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

/** A write on the insurer's documents: notifies success and refreshes both tabs. */
export const useDocumentsMutation = <D extends EndpointDef>(def: D, successMessage?: string) => {
  const client = useQueryClient();
  return useMutation<EndpointResult<D>, Error, EndpointRequest<D>>({
    mutationFn: (req) => api.call(def, req),
    onSuccess: async () => {
      if (successMessage) notifySuccess(successMessage);
      await client.invalidateQueries({ queryKey: documentsKeys.all });
    },
  });
};
