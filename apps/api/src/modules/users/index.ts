import type { ApiModule } from '../../plugins/modules.js';
import { usersRoutes } from './users.routes.js';

/**
 * The directory of persons, users and profiles: records and look-ups for every module, the users
 * list, profiles and menus. Imports no other module (accounts changes users through it).
 */
export const usersModule: ApiModule = { name: 'users', routes: [usersRoutes] };

// The public face: what other modules may import.
export * from './users.service.js';
