export { documentsKeys } from './api/documents-api.js';
export { DocumentStatusBadge } from './components/document-status-badge.js';
