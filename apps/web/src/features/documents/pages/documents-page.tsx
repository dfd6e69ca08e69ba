import { RequestDocumentsPanel } from '../../../shared/ui/request-documents-panel.js';
import { insurerDocumentsAdapter } from '../api/documents-api.js';

/** /documentos: the insurer's own documents, their files and the removed ones. */
export const DocumentsPage = () => <RequestDocumentsPanel adapter={insurerDocumentsAdapter} />;
