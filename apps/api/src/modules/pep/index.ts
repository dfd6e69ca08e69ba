import type { ApiModule } from '../../plugins/modules.js';
import { pepRoutes } from './pep.routes.js';

/** The politically exposed persons list. */
export const pepModule: ApiModule = { name: 'pep', routes: [pepRoutes] };
