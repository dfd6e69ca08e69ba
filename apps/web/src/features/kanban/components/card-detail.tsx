import { cardDetailTitle, type KanbanCard, maskCpfCnpj, uiMessages } from '@aval/contracts';
import { Alert, Drawer, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { LabeledValue } from '../../../shared/ui/labeled-value.js';
import { LoadingState } from '../../../shared/ui/states.js';
import { ToneBadge } from '../../../shared/ui/tone-badge.js';
import { useBrokerCard } from '../api/kanban-api.js';

const brokerCardTypes = new Set([
  'ANALISE_DOCUMENTACAO_CORRETORA',
  'ANALISE_CONFORMIDADE_CORRETORA',
  'CORRETORA_PEP',
]);

const failure = (error: Error) => error.message || uiMessages.requestFailed;

/** Dados da Corretora: the brokerage of a registration card. */
const BrokerDetail = ({ uniqueId }: { uniqueId: string }) => {
  const broker = useBrokerCard(uniqueId);
  if (broker.isPending) return <LoadingState label="Carregando corretora…" />;
  if (broker.error)
    return (
      <Alert color="red" variant="light" role="alert">
        {failure(broker.error)}
      </Alert>
    );
  const b = broker.data;
  return (
    <Stack>
      <ToneBadge
        tone={b.StatusKey === 'active' ? 'success' : b.StatusKey === 'pending' ? 'warning' : 'neutral'}
      >
        {b.StatusName}
      </ToneBadge>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <LabeledValue label="Razão social" value={b.Name} />
        <LabeledValue label="Nome fantasia" value={b.TradeName} />
        <LabeledValue label="CNPJ" value={b.CpfCnpj} />
        <LabeledValue label="SUSEP" value={b.SUSEPProtocol} />
        <LabeledValue label="E-mail" value={b.Email} />
        <LabeledValue label="Telefone" value={b.Phone} />
        <LabeledValue label="Banco" value={b.BankName} />
        <LabeledValue label="Comissão padrão" value={`${b.ComissionPercentage.replace('.', ',')}%`} />
      </SimpleGrid>
      <Text fw={700}>Responsáveis</Text>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Nome</Table.Th>
            <Table.Th>CPF</Table.Th>
            <Table.Th>E-mail</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {b.ResponsiblePersons.map((p) => (
            <Table.Tr key={p.Cpf}>
              <Table.Td>{p.Name}</Table.Td>
              <Table.Td>{maskCpfCnpj(p.Cpf)}</Table.Td>
              <Table.Td>{p.Email}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
};

/**
 * A card's detail view, titled by its card type (spec §4). The registration cards show the
 * brokerage; a card type without a formatted view says so (spec §8).
 */
export const CardDetail = ({ card, onClose }: { card: KanbanCard | undefined; onClose: () => void }) => {
  const title = card ? cardDetailTitle(card.cardType) : undefined;
  const hasView = card !== undefined && brokerCardTypes.has(card.cardType);
  return (
    <Drawer opened={card !== undefined} onClose={onClose} position="right" size="lg" title={title ?? 'Card'}>
      {card &&
        (hasView ? (
          <BrokerDetail uniqueId={card.cardRef} />
        ) : (
          <Alert color="red" variant="light" role="alert">
            {uiMessages.cardWithoutView}
          </Alert>
        ))}
    </Drawer>
  );
};
