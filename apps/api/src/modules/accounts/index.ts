import type { ApiModule } from '../../plugins/modules.js';
import { accountsRoutes } from './accounts.routes.js';

/**
 * Users' accounts: creating and editing a user (with its first-access e-mail), activating and
 * inactivating (sessions ended), deleting one without history. Above users (the directory), auth
 * and brokers, which it uses; nothing imports it.
 */
export const accountsModule: ApiModule = { name: 'accounts', routes: [accountsRoutes] };
