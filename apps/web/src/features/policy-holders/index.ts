export { CcgPanel } from './components/ccg-panel.js';
export { policyHolderPages } from './routes.js';
