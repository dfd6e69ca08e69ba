import { getCities, getStateProvinces } from '@aval/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../app/api.js';

/** Query keys of the locations module (states and cities of IBGE rarely change). */
export const locationKeys = {
  all: ['locations'] as const,
  states: () => [...locationKeys.all, 'states'] as const,
  cities: (stateProvinceId: number | undefined) => [...locationKeys.all, 'cities', stateProvinceId] as const,
};

const DAY = 24 * 60 * 60 * 1000;

/** States (UF) with IBGE codes, cached for the session: the one list every address screen reads. */
export const useStateProvinces = () =>
  useQuery({
    queryKey: locationKeys.states(),
    queryFn: () => api.call(getStateProvinces),
    staleTime: DAY,
    gcTime: DAY,
  });

/** Cities of one state, cached for the session. */
export const useCities = (stateProvinceId: number | undefined) =>
  useQuery({
    queryKey: locationKeys.cities(stateProvinceId),
    queryFn: () => api.call(getCities, { query: { stateProvinceId: stateProvinceId ?? 0 } }),
    enabled: Boolean(stateProvinceId),
    staleTime: DAY,
    gcTime: DAY,
  });
