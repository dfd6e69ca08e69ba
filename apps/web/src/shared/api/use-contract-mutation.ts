import type { EndpointDef, EndpointRequest, EndpointResult } from '@aval/contracts';
import { type QueryClient, type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api.js';
import { openErrorFrom } from '../ui/feedback-modals.js';
import { notifyError, notifySuccess } from '../ui/notify.js';

/**
 * What happens with a refusal:
 * - `caller` (default): nothing here; the form shows it on its fields or next to the action
 *   (`error.messages`, `applyServerErrors`).
 * - `notify`: an error notification with the server's messages.
 * - `dialog`: the kit's error dialog ('Atenção!').
 */
export type MutationErrorMode = 'caller' | 'notify' | 'dialog';

export type ContractMutationOptions<D extends EndpointDef> = {
  /** Query keys (from the feature's key factory) refreshed after a success. */
  invalidate?: readonly QueryKey[];
  /** Success notification; a function may compute it or return undefined for none. */
  success?: string | ((result: EndpointResult<D>, request: EndpointRequest<D>) => string | undefined);
  error?: MutationErrorMode;
  /** Runs after a success, before the invalidation (e.g. seed a detail query with the result). */
  onSuccess?: (
    result: EndpointResult<D>,
    request: EndpointRequest<D>,
    client: QueryClient,
  ) => void | Promise<void>;
};

const reportError = (mode: MutationErrorMode | undefined, error: Error) => {
  if (mode === 'notify') notifyError(error.message);
  else if (mode === 'dialog') openErrorFrom(error);
};

const refresh = (client: QueryClient, keys: readonly QueryKey[] | undefined) =>
  Promise.all((keys ?? []).map((queryKey) => client.invalidateQueries({ queryKey })));

const succeed = async <D extends EndpointDef>(
  client: QueryClient,
  options: ContractMutationOptions<D>,
  result: EndpointResult<D>,
  request: EndpointRequest<D>,
) => {
  const message = typeof options.success === 'function' ? options.success(result, request) : options.success;
  if (message) notifySuccess(message);
  await options.onSuccess?.(result, request, client);
  await refresh(client, options.invalidate);
};

/**
 * The one write hook of the portal: calls a contract descriptor through the typed client,
 * notifies the success, refreshes the given query keys and reports a refusal as asked.
 * `mutate({ body, query, params })` takes the descriptor's request; the result is typed.
 */
export const useContractMutation = <D extends EndpointDef>(
  def: D,
  options: ContractMutationOptions<D> = {},
) => {
  const client = useQueryClient();
  return useMutation<EndpointResult<D>, Error, EndpointRequest<D>>({
    mutationFn: (request) => api.call(def, request),
    onSuccess: (result, request) => succeed(client, options, result, request),
    onError: (error) => reportError(options.error, error),
  });
};

/**
 * The two writes of a form that creates or changes one kind of item (InsertX / UpdateX): one
 * pending state and one refusal for the form; `insert(request, onDone)` or `update(request,
 * onDone)` by whether the item exists; `success` tells each apart.
 */
export const useInsertOrUpdate = <I extends EndpointDef, U extends EndpointDef>(
  insertDef: I,
  updateDef: U,
  {
    success,
    ...options
  }: Pick<ContractMutationOptions<EndpointDef>, 'invalidate' | 'error'> & {
    success: { insert: string; update: string };
  },
) => {
  const inserting = useContractMutation(insertDef, { ...options, success: success.insert });
  const updating = useContractMutation(updateDef, { ...options, success: success.update });
  return {
    insert: (request: EndpointRequest<I>, onDone?: () => void) =>
      inserting.mutate(request, { onSuccess: () => onDone?.() }),
    update: (request: EndpointRequest<U>, onDone?: () => void) =>
      updating.mutate(request, { onSuccess: () => onDone?.() }),
    isPending: inserting.isPending || updating.isPending,
    error: inserting.error ?? updating.error,
  };
};

/** One call of an owner's adapter and what to tell when it succeeds. */
export type AdapterCall = { run: () => Promise<unknown>; success?: string };

/**
 * The write hook of shared panels whose owner hands its calls over in an adapter (request
 * documents, locations): `mutate({ run, success })` runs the owner's call, notifies `success` and
 * refreshes `invalidate`. A refusal stays on the mutation for the form (`useServerErrors`);
 * `mutateAsync` rejects with it, for confirm dialogs.
 */
export const useAdapterMutation = (options: { invalidate?: readonly QueryKey[] } = {}) => {
  const client = useQueryClient();
  return useMutation<unknown, Error, AdapterCall>({
    mutationFn: ({ run }) => run(),
    onSuccess: async (_result, { success }) => {
      if (success) notifySuccess(success);
      await refresh(client, options.invalidate);
    },
  });
};

/**
 * For confirm dialogs (which wait for the promise and show a refusal inside themselves): runs a
 * descriptor, notifies `success` and refreshes `invalidate`; a refusal is thrown to the caller.
 */
export const useContractCall = (options: { invalidate?: readonly QueryKey[] } = {}) => {
  const client = useQueryClient();
  return async <D extends EndpointDef>(def: D, request: EndpointRequest<D>, success?: string) => {
    const result = await api.call(def, request);
    await succeed(client, { invalidate: options.invalidate, success }, result, request);
    return result;
  };
};
