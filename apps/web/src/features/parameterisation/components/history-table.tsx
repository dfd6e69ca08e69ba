import type { ChangeHistoryEntry } from '@aval/contracts';
import { formatDateTime } from '@aval/contracts';
import { Table, Text } from '@mantine/core';
import { EmptyState } from '../../../shared/ui/states.js';

const short = (v: string | null) => {
  if (v === null) return '—';
  const plain = v
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > 120 ? `${plain.slice(0, 117)}…` : plain;
};

/** Change history: who, when, what, old and new value. */
export const HistoryTable = ({ entries }: { entries: ChangeHistoryEntry[] }) =>
  entries.length === 0 ? (
    <EmptyState title="Nenhuma alteração registrada" />
  ) : (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Data</Table.Th>
            <Table.Th>Usuário</Table.Th>
            <Table.Th>Item</Table.Th>
            <Table.Th>Campo</Table.Th>
            <Table.Th>Valor anterior</Table.Th>
            <Table.Th>Novo valor</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((e) => (
            <Table.Tr key={e.Id}>
              <Table.Td>{formatDateTime(e.ChangedAt)}</Table.Td>
              <Table.Td>{e.ChangedByName}</Table.Td>
              <Table.Td>{e.EntityLabel}</Table.Td>
              <Table.Td>{e.FieldLabel}</Table.Td>
              <Table.Td>
                <Text size="sm">{short(e.OldValue)}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{short(e.NewValue)}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
