import { formatDateTime, type PolicyHolderDetail } from '@aval/contracts';
import { Card, Table, Text } from '@mantine/core';
import { EmptyState, LoadingState } from '../../../shared/ui/states.js';
import { usePolicyHolderHistory } from '../api/policy-holders-api.js';

/** Change history: who, when, field, old and new value. */
export const HistoryTab = ({ holder }: { holder: PolicyHolderDetail }) => {
  const history = usePolicyHolderHistory(holder.UniqueId);
  if (history.isPending) return <LoadingState />;
  const rows = history.data ?? [];
  return (
    <Card withBorder>
      <Text fw={600} mb="sm">
        Histórico de alterações
      </Text>
      {rows.length === 0 ? (
        <EmptyState title="Nenhuma alteração registrada" />
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Data</Table.Th>
                <Table.Th>Usuário</Table.Th>
                <Table.Th>Campo</Table.Th>
                <Table.Th>De</Table.Th>
                <Table.Th>Para</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((e) => (
                <Table.Tr key={e.Id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(e.ChangedAt)}</Table.Td>
                  <Table.Td>{e.ChangedByName}</Table.Td>
                  <Table.Td>{e.FieldLabel}</Table.Td>
                  <Table.Td>{e.OldValue ?? '—'}</Table.Td>
                  <Table.Td>{e.NewValue ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
};
