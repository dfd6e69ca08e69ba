// The policies module's documents, one file each: the policy and its minuta
// (render-contract-document.ts), the endorsement (render-endorsement-document.ts), the issuance
// report (render-issuance-report.ts), on the shared blocks of pdf-blocks.ts. Gathered here for the
// service, which lends them to the proposals and endorsements modules.
export type { PartyData } from './pdf-blocks.js';
export * from './render-contract-document.js';
export * from './render-endorsement-document.js';
export * from './render-issuance-report.js';
