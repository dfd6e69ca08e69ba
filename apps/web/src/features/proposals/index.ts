export { EngineLogTable } from './components/engine-log.js';
export { ProposalStatusBadge } from './components/proposal-status-badge.js';
export { proposalPages } from './routes.js';
