import { formatMoney, getCardEconomicGroupInfo, kanbanSaveEconomicGroup } from '@aval/contracts';
import { Button, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../app/api.js';
import { useContractMutation } from '../../../shared/api/use-contract-mutation.js';
import { MoneyInput } from '../../../shared/ui/fields/masked-fields.js';
import { InlineAlert } from '../../../shared/ui/inline-alert.js';
import { LabeledValue } from '../../../shared/ui/labeled-value.js';
import { LoadingState } from '../../../shared/ui/states.js';
import { kanbanKeys } from '../api/kanban-api.js';

const money = (v: string | null | undefined) => (v ? formatMoney(v) : null);

/**
 * Grupo econômico (GRUPO_ECONOMICO card, its ref a proposal or a policy holder): the holder, its
 * group's aggregate limit, use and availability, each member's use, and the underwriter's new
 * group limit (empty: the members' limits added up). Approving the card is moving it to Aprovado.
 */
export const EconomicGroupView = ({ cardRef, canManage }: { cardRef: string; canManage: boolean }) => {
  const info = useQuery({
    queryKey: kanbanKeys.economicGroup(cardRef),
    retry: false,
    queryFn: () => api.call(getCardEconomicGroupInfo, { query: { ProposalUniqueId: cardRef } }),
  });
  const [limit, setLimit] = useState<string | null>(null);
  const save = useContractMutation(kanbanSaveEconomicGroup, {
    invalidate: [kanbanKeys.economicGroup(cardRef)],
    success: 'Limite do grupo econômico salvo.',
    error: 'dialog',
  });
  if (info.isPending) return <LoadingState label="Carregando grupo econômico…" />;
  if (info.error) return <InlineAlert>{info.error.message}</InlineAlert>;
  const d = info.data;
  const g = d.EconomicGroup;
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <LabeledValue label="Tomador" value={d.PolicyHolder.Name} />
        <LabeledValue label="CNPJ do tomador" value={d.PolicyHolder.Document} />
        {d.ProposalNumber !== null && <LabeledValue label="Proposta" value={`nº ${d.ProposalNumber}`} />}
        {d.InsuredAmount !== null && (
          <LabeledValue label="Importância segurada" value={money(d.InsuredAmount)} />
        )}
        <LabeledValue label="Disponível do tomador" value={money(d.HolderAvailable)} />
      </SimpleGrid>
      {!g ? (
        <Text size="sm">O tomador não pertence a um grupo econômico.</Text>
      ) : (
        <>
          <Text fw={700}>{g.Name}</Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <LabeledValue label="Limite do grupo" value={money(g.Limit)} />
            <LabeledValue label="Utilizado" value={money(g.Used)} />
            <LabeledValue label="Disponível" value={money(g.Available)} />
          </SimpleGrid>
          <Table.ScrollContainer minWidth={480}>
            <Table striped aria-label="Membros do grupo econômico">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Tomador</Table.Th>
                  <Table.Th>CNPJ</Table.Th>
                  <Table.Th ta="right">Utilizado</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {g.Members.map((m) => (
                  <Table.Tr key={m.Id}>
                    <Table.Td>{m.Name}</Table.Td>
                    <Table.Td>{m.Document}</Table.Td>
                    <Table.Td ta="right">{money(m.Used)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {canManage && (
            <Group align="flex-end">
              <MoneyInput
                label="Novo limite do grupo"
                description="Vazio: a soma dos limites dos membros."
                value={limit ?? g.Limit}
                onChange={setLimit}
                w={260}
              />
              <Button
                loading={save.isPending}
                onClick={() =>
                  save.mutate({ body: { ProposalUniqueId: cardRef, Limit: (limit ?? g.Limit) || null } })
                }
              >
                Salvar limite do grupo
              </Button>
            </Group>
          )}
        </>
      )}
    </Stack>
  );
};
