import { type InsuredDetail, RequestDocumentType } from '@aval/contracts';
import { Card, Text } from '@mantine/core';
import { useMemo } from 'react';
import { RequestDocumentsPanel } from '../../../shared/ui/request-documents-panel.js';
import { insuredDocumentsAdapter, insuredKeys } from '../api/insureds-api.js';

/** Documentos: the insured's request documents (create, upload and remove exist for insureds). */
export const DocumentsTab = ({ insured }: { insured: InsuredDetail }) => {
  const adapter = useMemo(() => insuredDocumentsAdapter(insured.UniqueId), [insured.UniqueId]);
  return (
    <Card withBorder>
      <Text fw={600} mb="sm">
        Documentos do segurado
      </Text>
      <RequestDocumentsPanel
        adapter={adapter}
        queryKey={insuredKeys.documents(insured.UniqueId)}
        invalidateKeys={[insuredKeys.history(insured.Id)]}
        documentTypes={[RequestDocumentType.INSURED]}
      />
    </Card>
  );
};
