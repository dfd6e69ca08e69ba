export * from './catalogues/permissions.js';
export * from './catalogues/user-types.js';
