export * from './board.service.js';
export { pruneBoardEvents } from './cards.repository.js';
export * from './cards.service.js';
export * from './company-lookup.js';
export type * from './context.js';
export * from './kanban.table.js';
export { lateCardsByCompany } from './pipes.repository.js';
export * from './plugin.js';
export * from './standalone.js';
