import type { PolicyHolderDetail } from '@aval/contracts';
import { Card, Text } from '@mantine/core';
import { LoadingState } from '../../../shared/ui/states.js';
import { usePolicyHolderDocuments } from '../api/policy-holders-api.js';
import { RequestDocuments } from './request-documents.js';

/** Registration documents of the policy holder (request-limit ones are on the limits tab). */
export const DocumentsTab = ({ holder }: { holder: PolicyHolderDetail }) => {
  const docs = usePolicyHolderDocuments(holder.UniqueId);
  if (docs.isPending) return <LoadingState />;
  return (
    <Card withBorder>
      <Text fw={600} mb="sm">
        Documentos do tomador
        {docs.data && docs.data.PendingRequiredCount > 0 && (
          <Text span size="sm" c="#8a3c00" ml="sm">
            {docs.data.PendingRequiredCount} obrigatório(s) ainda sem aprovação
          </Text>
        )}
      </Text>
      <RequestDocuments
        holder={holder}
        kind="registration"
        documents={docs.data?.RequestDocuments ?? []}
        deleted={docs.data?.DeletedRequestDocuments ?? []}
      />
    </Card>
  );
};
