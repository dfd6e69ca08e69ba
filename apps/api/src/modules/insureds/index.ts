import type { ApiModule } from '../../plugins/modules.js';
import { insuredsRoutes } from './insureds.routes.js';

/** Insureds (segurados). */
export const insuredsModule: ApiModule = { name: 'insureds', routes: [insuredsRoutes] };
