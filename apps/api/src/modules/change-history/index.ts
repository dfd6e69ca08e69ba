/** The change history of records (who changed which field when), shared by every module that keeps one. */

// The public face: what other modules may import.
export * from './change-history.fields.js';
export * from './change-history.service.js';
