import type { ApiModule } from '../../plugins/modules.js';
import { policyHolderCardsRoutes } from './policy-holders.cards.routes.js';
import { policyHoldersRoutes } from './policy-holders.routes.js';

/** Policy holders: registry, limits and rates, CCG, nominations, economic groups, their cards. */
export const policyHoldersModule: ApiModule = {
  name: 'policy-holders',
  routes: [policyHoldersRoutes, policyHolderCardsRoutes],
};

// The public face: what other modules may import.
export * from './policy-holders.limits.js';
export * from './policy-holders.read-model.js';
export * from './policy-holders.service.js';
