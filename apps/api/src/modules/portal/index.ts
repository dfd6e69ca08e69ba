import type { ApiModule } from '../../plugins/modules.js';
import { portalRoutes } from './portal.routes.js';

/** The insurers' portal configuration (hosts, CompanyKey, colours, maintenance). */
export const portalModule: ApiModule = { name: 'portal', routes: [portalRoutes] };

// The public face: what other modules may import.
export * from './portal.service.js';
