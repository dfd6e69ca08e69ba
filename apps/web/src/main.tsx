import '@mantine/core/styles.css';
import '@fontsource/montserrat/400.css';
import '@fontsource/montserrat/600.css';
import './app/reduced-motion.css';
import { getPortalConfigCall } from '@aval/contracts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { api } from './app/api.js';
import { loadApplicationConfig } from './app/config/portal-config.js';
import { AppProviders } from './app/providers.js';
import { createPortalRouter } from './app/router.js';
import { buildTheme } from './app/theme.js';

/** Start-up (spec §1): portal configuration of this host first; the portal starts even if it fails. */
const start = async () => {
  const config = await loadApplicationConfig((dns) => api.call(getPortalConfigCall, { query: { dns } }));
  const router = createPortalRouter();
  const root = document.getElementById('root');
  if (!root) throw new Error('root element missing');
  createRoot(root).render(
    <StrictMode>
      <AppProviders theme={buildTheme(config?.layout)}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
};

void start();
