import type { ApiModule } from '../../plugins/modules.js';
import { locationsRoutes } from './locations.routes.js';

/** States, cities and the CEP lookup. */
export const locationsModule: ApiModule = { name: 'locations', routes: [locationsRoutes] };

// The public face: what other modules may import.
export * from './locations.service.js';
