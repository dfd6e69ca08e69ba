import type { InsuredDetail } from '@aval/contracts';
import { useMemo } from 'react';
import { RequestDocumentsPanel } from '../../../shared/ui/request-documents-panel.js';
import { insuredDocumentsAdapter } from '../api/insured-documents.js';

/** Documentos: the insured's request documents (create, upload and remove exist for insureds). */
export const DocumentsTab = ({ insured }: { insured: InsuredDetail }) => {
  const adapter = useMemo(() => insuredDocumentsAdapter(insured), [insured]);
  return <RequestDocumentsPanel title="Documentos do segurado" adapter={adapter} />;
};
