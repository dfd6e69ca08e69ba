import type { ApiModule } from '../../plugins/modules.js';
import { pepRoutes } from './pep.routes.js';

/** The politically exposed persons list. */
export const pepModule: ApiModule = { name: 'pep', routes: [pepRoutes] };

// The public face: what other modules may import.
export * from './pep.service.js';
