import type { ApiModule } from '../../plugins/modules.js';
import { beneficiariesRoutes } from './beneficiaries.routes.js';

/** Beneficiaries of proposals. */
export const beneficiariesModule: ApiModule = { name: 'beneficiaries', routes: [beneficiariesRoutes] };

// The public face: what other modules may import.
export * from './beneficiaries.service.js';
