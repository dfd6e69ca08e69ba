export { PolicySroCard } from './components/policy-sro-card.js';
export { sroDeadlineLabel } from './components/sro-labels.js';
export { sroPages } from './routes.js';
