import type { ApiModule } from '../../plugins/modules.js';
import { endorsementDocumentsWorker, endorsementStepsWorker } from './endorsements.jobs.js';
import { endorsementsRoutes } from './endorsements.routes.js';

/** Endorsements: requests, automatic steps, decisions and their documents. */
export const endorsementsModule: ApiModule = {
  name: 'endorsements',
  routes: [endorsementsRoutes],
  workers: (platform) => [endorsementStepsWorker(platform), endorsementDocumentsWorker(platform)],
};

export * from './endorsements.read-model.js';
export { premiumOf } from './endorsements.terms.js';
