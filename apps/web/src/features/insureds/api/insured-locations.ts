import {
  type InsuredDetail,
  removeInsuredLocation,
  saveInsuredLocation,
  updateInsuredLocation,
} from '@aval/contracts';
import { api } from '../../../app/api.js';
import type { LocationsAdapter } from '../../../shared/ui/locations-adapter.js';
import { insuredKeys } from './insureds-api.js';

/** The insured's locations for the shared panel: removing the main one makes another the main one. */
export const insuredLocationsAdapter = (insured: Pick<InsuredDetail, 'Id'>): LocationsAdapter => ({
  invalidate: [insuredKeys.all],
  mainMovesOnRemove: true,
  add: (address, isMain) =>
    api.call(saveInsuredLocation, { body: { ...address, InsuredId: insured.Id, IsMain: isMain } }),
  update: (location, address, isMain) =>
    api.call(updateInsuredLocation, {
      query: { id: location.Id },
      body: { ...address, IsMain: isMain || undefined },
    }),
  remove: (location) => api.call(removeInsuredLocation, { query: { locationId: location.Id } }),
});
