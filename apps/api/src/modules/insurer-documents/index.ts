import type { ApiModule } from '../../plugins/modules.js';
import { insurerDocumentsRoutes } from './insurer-documents.routes.js';

/** The insurer's own documents. */
export const insurerDocumentsModule: ApiModule = {
  name: 'insurer-documents',
  routes: [insurerDocumentsRoutes],
};
