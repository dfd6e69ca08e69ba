import type { ApiModule } from '../../plugins/modules.js';
import { kanbanDecisionsQueue } from './kanban.jobs.js';
import { kanbanCardsRoutes } from './kanban.routes.js';
import { kanbanCardsQueue } from './kanban.service.js';

/**
 * The API's side of the kanban service: the calls every card shares, the card commands it sends and
 * the decisions it receives (each handled by the card type's owner, wiring.ts).
 */
export const kanbanModule: ApiModule = {
  name: 'kanban',
  routes: [kanbanCardsRoutes],
  workers: (platform) => [kanbanCardsQueue, kanbanDecisionsQueue(platform)],
};

// The public face: what other modules may import.
export * from './kanban.service.js';
