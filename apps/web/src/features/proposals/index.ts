export { proposalPages } from './routes.js';
