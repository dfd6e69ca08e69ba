export * from './common.contracts.js';
export * from './coverages.contracts.js';
export * from './installments.contracts.js';
export * from './insurer-record.contracts.js';
export * from './modalities.contracts.js';
export * from './request-documents.contracts.js';
export * from './tag-preview.js';
export * from './terms.contracts.js';
