import type { ApiModule } from '../../plugins/modules.js';
import { usersRoutes } from './users.routes.js';

/** Users, profiles, menus and persons. */
export const usersModule: ApiModule = { name: 'users', routes: [usersRoutes] };
