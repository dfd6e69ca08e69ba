export { usePolicyEndorsements } from './api/endorsements-api.js';
export { EndorsementSteps } from './components/endorsement-steps.js';
export { EndorsementsTab } from './components/endorsements-tab.js';
export { ChangesTable, PremiumDifferenceTable } from './components/premium-difference-table.js';
export { endorsementPages } from './routes.js';
