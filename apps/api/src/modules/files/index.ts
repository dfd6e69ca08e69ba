import type { ApiModule } from '../../plugins/modules.js';
import { filesRoutes } from './files.routes.js';

/** Uploads and signed downloads of archives. */
export const filesModule: ApiModule = { name: 'files', routes: [filesRoutes] };

// The public face: what other modules may import.
export * from './files.service.js';
