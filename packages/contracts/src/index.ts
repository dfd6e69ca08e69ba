export * from '@aval/domain';
export * from './endpoint.js';
export * from './extras.contracts.js';
export * from './files/files.contracts.js';
export * from './portal/portal.contracts.js';
export * from './registry.js';
export * from './shared/schemas.js';
