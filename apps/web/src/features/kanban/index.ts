export { kanbanKeys } from './api/kanban-api.js';
export { kanbanPages } from './routes.js';
