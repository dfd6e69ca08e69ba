import { getModalityChangeHistory } from '@aval/contracts';
import { Badge, Group, Stack, Tabs, Text } from '@mantine/core';
import { useParams } from 'react-router';
import { ChangeHistoryTable } from '../../../shared/ui/change-history-table.js';
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
      <Tabs defaultValue="dados" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="dados">Dados e limites</Tabs.Tab>
          <Tabs.Tab value="coberturas">Coberturas</Tabs.Tab>
          <Tabs.Tab value="complementares">Modalidades complementares</Tabs.Tab>
          <Tabs.Tab value="termos">Termos e cláusulas</Tabs.Tab>
          <Tabs.Tab value="documentos">Documentos solicitados</Tabs.Tab>
          <Tabs.Tab value="parcelamento">Parcelamento</Tabs.Tab>
          <Tabs.Tab value="historico">Histórico</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="dados" pt="md">
          <ModalityDataTab modality={m} />
        </Tabs.Panel>
        <Tabs.Panel value="coberturas" pt="md">
          <ModalityCoveragesTab modality={m} />
        </Tabs.Panel>
        <Tabs.Panel value="complementares" pt="md">
          <ModalityComplementaryTab modality={m} />
        </Tabs.Panel>
        <Tabs.Panel value="termos" pt="md">
          <TermsAndClauses modality={m} />
        </Tabs.Panel>
        <Tabs.Panel value="documentos" pt="md">
          <ModalityDocumentsTab modality={m} />
        </Tabs.Panel>
        <Tabs.Panel value="parcelamento" pt="md">
          <ModalityInstallmentsTab modality={m} />
        </Tabs.Panel>
        <Tabs.Panel value="historico" pt="md">
          <ChangeHistoryTable
            endpoint={getModalityChangeHistory}
            query={{ modalityId: m.Id }}
            queryKey={paramKeys.history(m.Id)}
          />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
};
