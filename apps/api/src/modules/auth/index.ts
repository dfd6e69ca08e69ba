import type { ApiModule } from '../../plugins/modules.js';
import { authRoutes } from './auth.routes.js';

/** Sign-in, tokens, password recovery and first access, terms of use. */
export const authModule: ApiModule = { name: 'auth', routes: [authRoutes] };

// The public face: what other modules may import.
export * from './auth.service.js';
export * from './first-access.js';
export * from './links.js';
export * from './tokens.service.js';
