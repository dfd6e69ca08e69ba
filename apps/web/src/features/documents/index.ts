export { documentsKeys } from './api/documents-api.js';
