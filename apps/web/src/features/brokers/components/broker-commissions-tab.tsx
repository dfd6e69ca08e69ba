import { Table, Text } from '@mantine/core';
import { EmptyState, LoadingState } from '../../../shared/ui/states.js';
import { ToneBadge } from '../../../shared/ui/tone-badge.js';
import { useBrokerCommissions } from '../api/brokers-api.js';

const pct = (v: string) => `${v.replace('.', ',')}%`;

/** Commission range per modality: the broker's own range or the modality's. */
export const BrokerCommissionsTab = ({ brokerId, own }: { brokerId: number; own: boolean }) => {
  const list = useBrokerCommissions(brokerId, own);
  if (list.isPending) return <LoadingState />;
  if (!list.data?.length) return <EmptyState title="Nenhuma modalidade ativa" />;
  return (
    <Table.ScrollContainer minWidth={560}>
      <Text size="sm" c="gray.7" mb="xs">
        Faixa de comissão permitida nas propostas, por modalidade. Sem faixa própria, vale a da modalidade com
        a comissão padrão da corretora.
      </Text>
      <Table striped withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Modalidade</Table.Th>
            <Table.Th>Mínima</Table.Th>
            <Table.Th>Máxima</Table.Th>
            <Table.Th>Padrão</Table.Th>
            <Table.Th>Origem</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.data.map((c) => (
            <Table.Tr key={c.ModalityId}>
              <Table.Td>{c.ModalityName}</Table.Td>
              <Table.Td>{pct(c.MinComissionPercentage)}</Table.Td>
              <Table.Td>{pct(c.MaxComissionPercentage)}</Table.Td>
              <Table.Td>{pct(c.DefaultComissionPercentage)}</Table.Td>
              <Table.Td>
                {c.IsBrokerSpecific ? (
                  <ToneBadge tone="info">Faixa da corretora</ToneBadge>
                ) : (
                  <ToneBadge tone="neutral">Modalidade</ToneBadge>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};
