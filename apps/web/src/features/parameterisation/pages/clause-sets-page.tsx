import { Card, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { LoadingState } from '../../../shared/ui/states.js';
import { useModalityGroups } from '../api/parameterisation-api.js';
import { ModalityStatusBadge } from '../components/modality-status-badge.js';

/** /parametrizacao/clausulados: every modality, to edit its terms and particular clauses. */
export const ClauseSetsPage = () => {
  const groups = useModalityGroups();
  if (groups.isPending) return <LoadingState />;
  return (
    <Stack>
      <Text c="gray.7">
        Escolha a modalidade para editar o objeto, as condições especiais e as cláusulas particulares.
      </Text>
      <Card withBorder>
        <Table.ScrollContainer minWidth={600}>
          <Table highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Ramo</Table.Th>
                <Table.Th>Grupo</Table.Th>
                <Table.Th>Modalidade</Table.Th>
                <Table.Th>Situação</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(groups.data ?? []).flatMap((g) =>
                g.Modalities.map((m) => (
                  <Table.Tr key={m.Id}>
                    <Table.Td>{g.BranchCode}</Table.Td>
                    <Table.Td>{g.Name}</Table.Td>
                    <Table.Td>
                      <Link to={`/parametrizacao/clausulados/${m.Id}`}>{m.Name}</Link>
                    </Table.Td>
                    <Table.Td>
                      <ModalityStatusBadge active={m.IsActive} />
                    </Table.Td>
                  </Table.Tr>
                )),
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>
    </Stack>
  );
};
