import {
  type BiFilters,
  type EndpointResult,
  getBiDashboard,
  getExternalBiEmbed,
  getExternalBiSettings,
  getKanbanPipeStats,
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
  pipeStats: (period: PipePeriod) => [...biKeys.all, 'pipe-stats', period] as const,
};

export type PipePeriod = { from?: string; to?: string };
export type PipeStats = EndpointResult<typeof getKanbanPipeStats>;

/** Time in step per pipe and late cards, from the kanban service (its moves live there). */
export const usePipeStats = (period: PipePeriod) =>
  useQuery({
    queryKey: biKeys.pipeStats(period),
    queryFn: () => api.call(getKanbanPipeStats, { query: period }),
    placeholderData: (previous) => previous,
    retry: false,
  });

export const useBiDashboard = (filters: BiFilters, enabled = true) =>
  useQuery({
    queryKey: biKeys.dashboard(filters),
    queryFn: () => api.call(getBiDashboard, { query: filters }),
    placeholderData: (previous) => previous,
    enabled,
  });

/** The external BI's signed URL (10 minutes): fetched again before it expires. */
export const useExternalBiEmbed = (enabled = true) =>
  useQuery({
    queryKey: biKeys.embed(),
    queryFn: () => api.call(getExternalBiEmbed),
    enabled,
    staleTime: 8 * 60 * 1000,
    refetchInterval: 8 * 60 * 1000,
    refetchOnWindowFocus: false,
  });

export const useExternalBiSettings = (enabled: boolean) =>
  useQuery({ queryKey: biKeys.settings(), queryFn: () => api.call(getExternalBiSettings), enabled });
