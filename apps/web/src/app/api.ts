import { createApiClient } from '../shared/api/client.js';

/** The portal's API client (same origin). CompanyKey and tokens arrive with the session issue. */
export const api = createApiClient();
