import { getModalityChangeHistory } from '@aval/contracts';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { useParams } from 'react-router';
import { historyTab } from '../../../shared/ui/change-history-table.js';
import { DetailTabs } from '../../../shared/ui/detail-page.js';
import { EmptyState, LoadingState } from '../../../shared/ui/states.js';
import { paramKeys, useModality } from '../api/parameterisation-api.js';
import { ModalityComplementaryTab } from '../components/modality-complementary-tab.js';
import { ModalityCoveragesTab } from '../components/modality-coverages-tab.js';
import { ModalityDataTab } from '../components/modality-data-tab.js';
import { ModalityDocumentsTab } from '../components/modality-documents-tab.js';
import { ModalityInstallmentsTab } from '../components/modality-installments-tab.js';
import { TermsAndClauses } from '../components/terms-and-clauses.js';

export const ModalityPage = () => {
  const { modalidadeId } = useParams();
  const id = Number(modalidadeId);
  const modality = useModality(id);
  if (modality.isPending) return <LoadingState />;
  if (!modality.data) return <EmptyState title="Modalidade não encontrada" />;
  const m = modality.data;
  return (
    <Stack>
      <Group gap="xs">
        <Text fw={600} size="lg">
          {m.Name}
        </Text>
        <Badge variant="light">{m.BranchCode}</Badge>
        <Badge variant="light">{m.ModalityGroupName}</Badge>
        {!m.IsActive && <Badge color="gray">Inativa</Badge>}
      </Group>
      <DetailTabs
        defaultTab="dados"
        tabs={[
          { value: 'dados', label: 'Dados e limites', panel: <ModalityDataTab modality={m} /> },
          { value: 'coberturas', label: 'Coberturas', panel: <ModalityCoveragesTab modality={m} /> },
          {
            value: 'complementares',
            label: 'Modalidades complementares',
            panel: <ModalityComplementaryTab modality={m} />,
          },
          { value: 'termos', label: 'Termos e cláusulas', panel: <TermsAndClauses modality={m} /> },
          {
            value: 'documentos',
            label: 'Documentos solicitados',
            panel: <ModalityDocumentsTab modality={m} />,
          },
          { value: 'parcelamento', label: 'Parcelamento', panel: <ModalityInstallmentsTab modality={m} /> },
          historyTab({
            endpoint: getModalityChangeHistory,
            query: { modalityId: m.Id },
            queryKey: paramKeys.history(m.Id),
          }),
        ]}
      />
    </Stack>
  );
};
