import { z } from 'zod';

// Every message a person may read is pt-BR: zod's own fallbacks too (a schema's message wins).
z.config(z.locales.ptBR());

export * from '@aval/domain';
export * from './auth/auth.contracts.js';
export * from './beneficiaries/beneficiaries.contracts.js';
export * from './bi/bi.contracts.js';
export * from './brokers/brokers.contracts.js';
export * from './documents/documents.contracts.js';
export * from './endorsements/endorsements.contracts.js';
export * from './endpoint.js';
export * from './extras.contracts.js';
export * from './files/files.contracts.js';
export * from './home/home.contracts.js';
export * from './insureds/insureds.contracts.js';
export * from './insurer-documents/insurer-documents.contracts.js';
export * from './kanban/kanban.contracts.js';
export * from './kanban/kanban.queues.js';
export * from './kanban/kanban-cards.contracts.js';
export * from './kanban/kanban-proposal-cards.contracts.js';
export * from './locations/locations.contracts.js';
export * from './parameterisation/index.js';
export * from './policies/issuance.contracts.js';
export * from './policies/policies.contracts.js';
export * from './policies/portfolio-import.contracts.js';
export * from './policy-holders/policy-holder-ccg.contracts.js';
export * from './policy-holders/policy-holders.contracts.js';
export * from './portal/portal.contracts.js';
export * from './proposals/proposal-legal-rules.contracts.js';
export * from './proposals/proposals.contracts.js';
export * from './proposals/proposals-analysis.contracts.js';
export * from './registry.js';
export * from './shared/address.js';
export * from './shared/change-history.js';
export * from './shared/fields.js';
export * from './shared/schemas.js';
export * from './users/users.contracts.js';
