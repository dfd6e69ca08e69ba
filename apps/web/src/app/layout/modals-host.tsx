import { ModalsProvider } from '@mantine/modals';
import { useEffect } from 'react';
import { QueryScope } from '../query-client.js';
import { modalsHostMounted } from './modals-host-state.js';

/**
 * Renders the modals opened with the imperative API (`modals.open…` of @mantine/modals and the
 * kit's openAlert/openError/…). Mounted once at the root, on demand (modals-host-state.ts): inside
 * the portal layout use the imperative API freely; on public pages open modals through the kit.
 */
export const ModalsHost = () => {
  useEffect(() => modalsHostMounted(), []);
  // The modals render here, outside the routes: their contents read and write through the cache.
  return (
    <QueryScope>
      <ModalsProvider labels={{ confirm: 'Confirmar', cancel: 'Cancelar' }} />
    </QueryScope>
  );
};
