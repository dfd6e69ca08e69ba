import { createApiClient } from '../shared/api/client.js';
import { getApplicationConfig } from './config/portal-config.js';
import { handleUnauthorized } from './session/refresh-flow.js';
import { getAccessToken } from './session/session-storage.js';

/**
 * The portal's one API client (same origin): CompanyKey of the host's configuration on every
 * request, the bearer token of the session (never on calls whose descriptor says auth: false),
 * and the 401 refresh flow.
 */
export const api = createApiClient({
  companyKey: () => getApplicationConfig()?.companyKey,
  accessToken: getAccessToken,
  onUnauthorized: (error) => handleUnauthorized(error),
});
