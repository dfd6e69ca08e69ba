export { usePolicyEndorsements } from './api/endorsements-api.js';
export { EndorsementsTab } from './components/endorsements-tab.js';
export { endorsementPages } from './routes.js';
