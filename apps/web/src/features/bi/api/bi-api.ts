import {
  type BiFilters,
  type EndpointResult,
  getBiDashboard,
  getExternalBiEmbed,
  getExternalBiSettings,
} from '@aval/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api.js';

export type Dashboard = EndpointResult<typeof getBiDashboard>;

/** Query keys of the BI feature. */
export const biKeys = {
  all: ['bi'] as const,
  dashboard: (filters: BiFilters) => [...biKeys.all, 'dashboard', filters] as const,
  embed: () => [...biKeys.all, 'embed'] as const,
  settings: () => [...biKeys.all, 'settings'] as const,
};

export const useBiDashboard = (filters: BiFilters, enabled = true) =>
  useQuery({
    queryKey: biKeys.dashboard(filters),
    queryFn: () => api.call(getBiDashboard, { query: filters }),
    placeholderData: (previous) => previous,
    enabled,
  });

/** The external BI's signed URL (10 minutes): fetched again before it expires. */
export const useExternalBiEmbed = () =>
  useQuery({
    queryKey: biKeys.embed(),
    queryFn: () => api.call(getExternalBiEmbed),
    staleTime: 8 * 60 * 1000,
    refetchInterval: 8 * 60 * 1000,
    refetchOnWindowFocus: false,
  });

export const useExternalBiSettings = (enabled: boolean) =>
  useQuery({ queryKey: biKeys.settings(), queryFn: () => api.call(getExternalBiSettings), enabled });
