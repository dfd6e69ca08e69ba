import {
  type EndpointDef,
  getMenus,
  getProfileByCompanyId,
  getSearchBrokers,
  getSettableProfiles,
} from '@aval/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api.js';
import type { ContractMutationOptions } from '../../../shared/api/use-contract-mutation.js';

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

/** Options of every users write: refreshes every users query; refusals stay with the form. */
export const usersWrites = { invalidate: [usersKeys.all] } satisfies ContractMutationOptions<EndpointDef>;
