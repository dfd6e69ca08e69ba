import type { PolicyHolderDetail } from '@aval/contracts';
import { useMemo } from 'react';
import { RequestDocumentsPanel } from '../../../shared/ui/request-documents-panel.js';
import { policyHolderDocumentsAdapter } from '../api/policy-holder-documents.js';

/** Registration documents of the policy holder (request-limit ones are on the limits tab). */
export const DocumentsTab = ({ holder }: { holder: PolicyHolderDetail }) => {
  const adapter = useMemo(() => policyHolderDocumentsAdapter(holder, 'registration'), [holder]);
  return <RequestDocumentsPanel title="Documentos do tomador" adapter={adapter} />;
};
