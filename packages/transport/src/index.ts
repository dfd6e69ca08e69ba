export * from './company-cache.js';
export * from './db-errors.js';
export * from './error-handler.js';
export * from './errors.js';
export * from './route.js';
export * from './tenancy.js';
