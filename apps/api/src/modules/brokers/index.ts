import type { ApiModule } from '../../plugins/modules.js';
import { brokerCardsRoutes } from './brokers.cards.routes.js';
import { brokersRoutes } from './brokers.routes.js';

/** Brokerages: registration, data, documents, commissions, their cards. */
export const brokersModule: ApiModule = { name: 'brokers', routes: [brokersRoutes, brokerCardsRoutes] };
