import { type BrokerView, maskCep, maskCpf, responsiblePersonTypeLabels } from '@aval/contracts';
import { Alert, Card, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { LabeledValue } from '../../../shared/ui/labeled-value.js';
import { useBrokerStatus } from '../api/brokers-api.js';

/** Company, address, bank and responsible persons, with the operating status on top. */
export const BrokerDataTab = ({ broker, own }: { broker: BrokerView; own: boolean }) => {
  const status = useBrokerStatus(broker.Id, own);
  const address = [broker.AddressName, broker.Number, broker.Complement, broker.Neighborhood]
    .filter(Boolean)
    .join(', ');
  return (
    <Stack>
      {status.data &&
        (status.data.CanOperate ? (
          <Alert color="green" variant="light" icon={<IconCircleCheck size={20} aria-hidden />}>
            <Text size="sm" c="black">
              Corretora apta a operar.
            </Text>
          </Alert>
        ) : (
          <Alert
            color="yellow"
            variant="light"
            icon={<IconAlertTriangle size={20} aria-hidden />}
            title="A corretora ainda não pode operar"
            styles={{ title: { color: '#6b4a00' } }}
            data-testid="broker-status"
          >
            <Stack gap={2}>
              {status.data.Messages.map((m) => (
                <Text key={m} size="sm" c="black">
                  {m}
                </Text>
              ))}
            </Stack>
          </Alert>
        ))}
      <Card withBorder>
        <Title order={3} size="h5" mb="sm">
          Corretora
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          <LabeledValue label="Razão social" value={broker.Name} />
          <LabeledValue label="Nome fantasia" value={broker.TradeName} />
          <LabeledValue label="CNPJ" value={broker.CpfCnpj} />
          <LabeledValue label="Registro SUSEP" value={broker.SUSEPProtocol} />
          <LabeledValue label="E-mail" value={broker.Email} />
          <LabeledValue label="Telefone" value={broker.Phone} />
          <LabeledValue label="CEP" value={broker.ZipCode ? maskCep(broker.ZipCode) : null} />
          <LabeledValue label="Endereço" value={address} />
          <LabeledValue label="Comissão padrão" value={`${broker.ComissionPercentage.replace('.', ',')}%`} />
        </SimpleGrid>
      </Card>
      <Card withBorder>
        <Title order={3} size="h5" mb="sm">
          Dados bancários
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
          <LabeledValue label="Banco" value={broker.BankName} />
          <LabeledValue label="Agência" value={broker.BankAgency} />
          <LabeledValue label="Conta" value={broker.BankAccount} />
          <LabeledValue label="Tipo de conta" value={broker.BankAccountTypeName} />
        </SimpleGrid>
      </Card>
      <Card withBorder>
        <Title order={3} size="h5" mb="sm">
          Responsáveis
        </Title>
        <Table.ScrollContainer minWidth={560}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Função</Table.Th>
                <Table.Th>Nome</Table.Th>
                <Table.Th>CPF</Table.Th>
                <Table.Th>E-mail</Table.Th>
                <Table.Th>Telefone</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {broker.ResponsiblePersons.map((p) => (
                <Table.Tr key={p.Id}>
                  <Table.Td>
                    {responsiblePersonTypeLabels[p.ResponsiblePersonTypeId as 1 | 2] ??
                      p.ResponsiblePersonTypeName}
                  </Table.Td>
                  <Table.Td>{p.Name}</Table.Td>
                  <Table.Td>{maskCpf(p.Cpf)}</Table.Td>
                  <Table.Td>{p.Email}</Table.Td>
                  <Table.Td>{p.Phone ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>
    </Stack>
  );
};
