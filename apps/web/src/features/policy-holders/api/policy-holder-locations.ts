import {
  type LocationInput,
  type PolicyHolderDetail,
  removePolicyHolderLocation,
  saveComplementarData,
} from '@aval/contracts';
import { api } from '../../../app/api.js';
import type { LocationsAdapter } from '../../../shared/ui/locations-adapter.js';
import { policyHolderKeys } from './policy-holders-api.js';

/**
 * The policy holder's locations for the shared panel, written through SaveComplementarData (one
 * location in `Locations`, with its Id when it is changed). `IsMain` is always sent: the server
 * takes a missing flag on a changed location as "not the main one".
 */
export const policyHolderLocationsAdapter = (
  holder: Pick<PolicyHolderDetail, 'UniqueId'>,
): LocationsAdapter => {
  const save = (location: LocationInput) =>
    api.call(saveComplementarData, {
      body: { PolicyHolderUniqueId: holder.UniqueId, Locations: [location] },
    });
  return {
    invalidate: [policyHolderKeys.all],
    // The one location sent is Locations.0: its messages belong to the address fields.
    fieldOf: (path) => path.replace(/^Locations\.\d+\./, ''),
    mainMovesOnRemove: false,
    add: (address, isMain) => save({ ...address, IsMain: isMain }),
    update: (location, address, isMain) => save({ ...address, Id: location.Id, IsMain: isMain }),
    remove: (location) => api.call(removePolicyHolderLocation, { query: { locationId: location.Id } }),
  };
};
