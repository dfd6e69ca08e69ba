import {
  type EndpointDef,
  type EndpointRequest,
  type EndpointResult,
  getMenus,
  getProfileByCompanyId,
  getSearchBrokers,
  getSettableProfiles,
} from '@aval/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api.js';
import { notifySuccess } from '../../../shared/ui/notify.js';

/** Query keys of the users feature; every mutation invalidates `all`. */
export const usersKeys = {
  all: ['users'] as const,
  list: () => [...usersKeys.all, 'list'] as const,
  settableProfiles: (userTypeId: number) => [...usersKeys.all, 'settable-profiles', userTypeId] as const,
  profiles: (userTypeId?: number) => [...usersKeys.all, 'profiles', userTypeId ?? 'all'] as const,
  menus: (userTypeId: number) => [...usersKeys.all, 'menus', userTypeId] as const,
  brokers: () => [...usersKeys.all, 'brokers'] as const,
};

export const useSettableProfiles = (userTypeId: number | undefined) =>
  useQuery({
    queryKey: usersKeys.settableProfiles(userTypeId ?? 0),
    queryFn: () => api.call(getSettableProfiles, { query: { userInfoTypeId: userTypeId ?? 0 } }),
    enabled: userTypeId !== undefined,
  });

export const useProfiles = (userTypeId: number) =>
  useQuery({
    queryKey: usersKeys.profiles(userTypeId),
    queryFn: () => api.call(getProfileByCompanyId, { query: { userInfoTypeId: userTypeId } }),
  });

export const useMenus = (userTypeId: number) =>
  useQuery({
    queryKey: usersKeys.menus(userTypeId),
    queryFn: () => api.call(getMenus, { query: { userInfoTypeId: userTypeId } }),
    staleTime: 5 * 60_000,
  });

/** Brokerages of the company for the broker filter and the broker users' form (first 200). */
export const useBrokerOptions = (enabled: boolean) =>
  useQuery({
    queryKey: usersKeys.brokers(),
    queryFn: () => api.call(getSearchBrokers, { query: { currentPage: 1, rowsPerPage: 200 } }),
    enabled,
    staleTime: 5 * 60_000,
    select: (page) =>
      page.Data.map((b) => ({
        value: String(b.Id),
        label: b.TradeName ? `${b.TradeName} (${b.Name})` : b.Name,
      })),
  });

/**
 * A write of the users feature: calls the descriptor, notifies success and refreshes every
 * users query. Errors stay with the caller (forms show them next to the fields or in a dialog).
 */
export const useUsersMutation = <D extends EndpointDef>(def: D, successMessage?: string) => {
  const client = useQueryClient();
  return useMutation<EndpointResult<D>, Error, EndpointRequest<D>>({
    mutationFn: (req) => api.call(def, req),
    onSuccess: async () => {
      if (successMessage) notifySuccess(successMessage);
      await client.invalidateQueries({ queryKey: usersKeys.all });
    },
  });
};
