import { formatDateTime, formatMoney } from '@aval/contracts';
import { Anchor, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { InlineAlert } from '../../../shared/ui/inline-alert.js';
import { LabeledValue } from '../../../shared/ui/labeled-value.js';
import { LoadingState } from '../../../shared/ui/states.js';
import { ToneBadge } from '../../../shared/ui/tone-badge.js';
import { CpfCnpj } from '../../../shared/ui/unbroken.js';
import { ChangesTable, EndorsementSteps, PremiumDifferenceTable } from '../../endorsements/index.js';
import { useEndorsementCard } from '../api/kanban-api.js';

/**
 * Dados do Endosso of an ENDOSSO_ALTERACAO / ENDOSSO_CANCELAMENTO card: what the broker asked, on
 * which policy, the automatic steps, the premium difference, what changes and the documents sent.
 * Approving or refusing is the card's decision (Aprovar / Recusar above, or a move on the board).
 */
export const EndorsementCardView = ({ cardRef }: { cardRef: string; canManage: boolean }) => {
  const info = useEndorsementCard(cardRef);
  if (info.isPending) return <LoadingState label="Carregando endosso…" />;
  if (info.error) return <InlineAlert>{info.error.message}</InlineAlert>;
  const e = info.data;
  return (
    <Stack>
      <ToneBadge
        tone={e.StatusId === 5 ? 'success' : e.StatusId === 98 ? 'danger' : 'warning'}
        w="fit-content"
      >
        {e.StatusName}
      </ToneBadge>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <LabeledValue label="Endosso" value={`${e.EndorsementTypeName} nº ${e.Number} · ${e.ReasonName}`} />
        <LabeledValue label="Apólice">
          <Anchor
            component={Link}
            to={`/apolices/endossos/emissao/${e.ProposalUniqueId}?apolice=${e.PolicyUniqueId}`}
          >
            {e.PolicyNumber}
          </Anchor>
        </LabeledValue>
        <LabeledValue label="Tomador">
          {e.PolicyHolderName} · <CpfCnpj value={e.PolicyHolderDocument} />
        </LabeledValue>
        <LabeledValue label="Segurado" value={e.InsuredName} />
        <LabeledValue label="Modalidade" value={e.ModalityName} />
        <LabeledValue label="Corretora" value={e.BrokerName} />
        <LabeledValue label="Importância segurada" value={formatMoney(e.InsuredAmountValue)} />
        <LabeledValue
          label="Solicitado em"
          value={`${formatDateTime(e.RequestedAt)}${e.RequestedByName ? ` · ${e.RequestedByName}` : ''}`}
        />
      </SimpleGrid>
      <Text fw={700}>Etapas automáticas</Text>
      <EndorsementSteps steps={e.Steps} />
      <Text fw={700}>Diferença de prêmio</Text>
      <PremiumDifferenceTable d={e.PremiumDifference} />
      {e.Changes.length > 0 && <ChangesTable changes={e.Changes} />}
      <Text fw={700}>Documentos enviados</Text>
      {e.Documents.length === 0 ? (
        <Text size="sm">Nenhum documento.</Text>
      ) : (
        <Table withTableBorder aria-label="Documentos do endosso">
          <Table.Tbody>
            {e.Documents.map((d) => (
              <Table.Tr key={d.UniqueId}>
                <Table.Td>{d.Name}</Table.Td>
                <Table.Td>{d.StatusName}</Table.Td>
                <Table.Td>{d.Archives.map((a) => a.Name).join(', ') || '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
};
