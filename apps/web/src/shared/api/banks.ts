import { getBanks } from '@aval/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../app/api.js';

/** The Banco Central's list of banks (GetBanks), cached for an hour: every bank select reads it. */
export const useBanks = (enabled = true) =>
  useQuery({
    queryKey: ['banks'] as const,
    queryFn: () => api.call(getBanks, {}),
    staleTime: 60 * 60_000,
    enabled,
  });
