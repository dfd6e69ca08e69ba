import type { ApiModule } from '../../plugins/modules.js';
import { parameterisationRoutes } from './parameterisation.routes.js';

/** Branches, modalities, coverages, clauses, terms and installment parameters. */
export const parameterisationModule: ApiModule = {
  name: 'parameterisation',
  routes: [parameterisationRoutes],
};

// The public face: what other modules may import.
export * from './banks.service.js';
export * from './installments.service.js';
export * from './insurer-record.service.js';
export * from './modalities.service.js';
export * from './parameterisation.read-model.js';
export * from './rich-text.js';
export * from './settings.service.js';
export * from './standard-catalogue.js';
