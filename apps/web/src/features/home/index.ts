export { homeKeys } from './api/home-api.js';
export { homePages } from './routes.js';
