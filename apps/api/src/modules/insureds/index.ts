import type { ApiModule } from '../../plugins/modules.js';
import { insuredsRoutes } from './insureds.routes.js';

/** Insureds (segurados). */
export const insuredsModule: ApiModule = { name: 'insureds', routes: [insuredsRoutes] };

// The public face: what other modules may import.
export * from './insureds.service.js';
