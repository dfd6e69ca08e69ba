import type { InsuredDetail } from '@aval/contracts';
import { useMemo } from 'react';
import { LocationsPanel } from '../../../shared/ui/locations-panel.js';
import { insuredLocationsAdapter } from '../api/insured-locations.js';

/** Localizações: the insured's addresses, one of them the main one. */
export const LocationsTab = ({ insured, canManage }: { insured: InsuredDetail; canManage: boolean }) => {
  const adapter = useMemo(() => insuredLocationsAdapter(insured), [insured]);
  return <LocationsPanel locations={insured.Locations} adapter={adapter} canManage={canManage} />;
};
