import type { ApiModule } from '../../plugins/modules.js';
import { homeRoutes } from './home.routes.js';

/** The users' home page summary. */
export const homeModule: ApiModule = { name: 'home', routes: [homeRoutes] };
