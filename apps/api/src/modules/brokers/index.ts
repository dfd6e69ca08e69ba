import type { ApiModule } from '../../plugins/modules.js';
import { brokerCardsRoutes } from './brokers.cards.routes.js';
import { brokersRoutes } from './brokers.routes.js';

/** Brokerages: registration, data, documents, commissions, their cards. */
export const brokersModule: ApiModule = { name: 'brokers', routes: [brokersRoutes, brokerCardsRoutes] };

// The public face: what other modules may import.
export * from './brokers.commissions.js';
export * from './brokers.service.js';
