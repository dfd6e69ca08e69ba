/** Request documents of any owner (proposal, policy holder, brokerage…): lists, uploads, reviews. */

// The public face: what other modules may import.
export * from './documents.service.js';
