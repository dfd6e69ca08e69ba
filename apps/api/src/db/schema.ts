/** Every table of the API, for Drizzle's typed client. Each domain adds its `*.table.ts` here. */
export * from '../lib/counters.table.js';
export * from '../modules/auth/auth.table.js';
export * from '../modules/beneficiaries/beneficiaries.table.js';
export * from '../modules/brokers/brokers.table.js';
export * from '../modules/change-history/change-history.table.js';
export * from '../modules/documents/documents.table.js';
export * from '../modules/endorsements/endorsements.table.js';
export * from '../modules/files/files.table.js';
export * from '../modules/insureds/insureds.table.js';
export * from '../modules/kanban/kanban.table.js';
export * from '../modules/parameterisation/parameterisation.table.js';
export * from '../modules/policies/policies.table.js';
export * from '../modules/policy-holders/policy-holders.table.js';
export * from '../modules/portal/portal.table.js';
export * from '../modules/proposals/proposals.table.js';
export * from '../modules/users/users.table.js';
