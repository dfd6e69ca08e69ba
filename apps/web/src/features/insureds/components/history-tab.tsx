import { formatDateTime, type InsuredDetail } from '@aval/contracts';
import { Card, Table, Text } from '@mantine/core';
import { InlineAlert } from '../../../shared/ui/inline-alert.js';
import { EmptyState, LoadingState } from '../../../shared/ui/states.js';
import { useInsuredHistory } from '../api/insureds-api.js';

/** Histórico: when, field, before, after and who made each change. */
export const HistoryTab = ({ insured }: { insured: InsuredDetail }) => {
  const history = useInsuredHistory(insured.Id);
  if (history.isPending) return <LoadingState label="Carregando histórico…" />;
  if (history.isError) return <InlineAlert>{history.error.message}</InlineAlert>;
  const rows = history.data;
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
                <Table.Th>Campo</Table.Th>
                <Table.Th>Antes</Table.Th>
                <Table.Th>Depois</Table.Th>
                <Table.Th>Alterado por</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((e) => (
                <Table.Tr key={e.Id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(e.ChangedAt)}</Table.Td>
                  <Table.Td>{e.Label}</Table.Td>
                  <Table.Td>{e.OldValue ?? '—'}</Table.Td>
                  <Table.Td>{e.NewValue ?? '—'}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{e.ChangedByName ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
};
