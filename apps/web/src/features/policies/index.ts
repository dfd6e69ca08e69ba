export { type PolicyRow, policyKeys } from './api/policies-api.js';
export { PoliciesTable } from './components/policies-table.js';
export { PolicyStatusBadge } from './components/policy-status-badge.js';
export { useRelatedPoliciesTab } from './components/related-policies-tab.js';
export { policyPages } from './routes.js';
