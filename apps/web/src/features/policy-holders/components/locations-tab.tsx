import type { PolicyHolderDetail } from '@aval/contracts';
import { useMemo } from 'react';
import { LocationsPanel } from '../../../shared/ui/locations-panel.js';
import { policyHolderLocationsAdapter } from '../api/policy-holder-locations.js';

/** Localizações: the policy holder's addresses (edited by who may edit the policy holder). */
export const LocationsTab = ({ holder }: { holder: PolicyHolderDetail }) => {
  const adapter = useMemo(() => policyHolderLocationsAdapter(holder), [holder]);
  return (
    <LocationsPanel locations={holder.Locations} adapter={adapter} canManage={holder.Permissions.CanEdit} />
  );
};
