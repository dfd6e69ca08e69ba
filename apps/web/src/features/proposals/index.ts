export { proposalKeys } from './api/proposals-api.js';
export { EngineLogTable } from './components/engine-log.js';
export { LegalRulesPanel } from './components/legal-rules-panel.js';
export { LimitAmounts } from './components/limit-line.js';
export { ProposalScope } from './components/proposal-scope.js';
export { ProposalStatusBadge } from './components/proposal-status-badge.js';
export { wizardStep } from './components/wizard-steps.js';
export { proposalPages } from './routes.js';
