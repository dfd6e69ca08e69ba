import { formatDate, formatMoney, registerPolicySro, searchLateSroRegistrations } from '@aval/contracts';
import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { useContractMutation } from '../../../shared/api/use-contract-mutation.js';
import { PagedDataTable } from '../../../shared/ui/paged-data-table.js';

const lateSroKey = ['policies', 'late-sro'] as const;

const RegisterSro = ({ policyUniqueId }: { policyUniqueId: string }) => {
  const [protocol, setProtocol] = useState('');
  const register = useContractMutation(registerPolicySro, {
    invalidate: [lateSroKey],
    success: 'Registro no SRO informado.',
    error: 'notify',
  });
  return (
    <Group gap="xs" wrap="nowrap">
      <TextInput
        size="xs"
        aria-label="Protocolo do SRO"
        placeholder="Protocolo"
        value={protocol}
        onChange={(e) => setProtocol(e.currentTarget.value)}
      />
      <Button
        size="xs"
        disabled={!protocol.trim()}
        loading={register.isPending}
        onClick={() =>
          register.mutate({ body: { PolicyUniqueId: policyUniqueId, Protocol: protocol.trim() } })
        }
      >
        Registrar
      </Button>
    </Group>
  );
};

/** Insurer staff: issued policies whose SRO registration is past its 2-business-day deadline. */
export const LateSroPage = () => (
  <Stack>
    <Card withBorder>
      <Title order={2} size="h3">
        Registros no SRO atrasados
      </Title>
      <Text size="sm" c="gray.7">
        Apólices emitidas ainda não registradas no SRO depois do prazo de 2 dias úteis (feriados nacionais
        contados).
      </Text>
    </Card>
    <PagedDataTable
      endpoint={searchLateSroRegistrations}
      queryKey={lateSroKey}
      idAccessor="UniqueId"
      noRecordsText="Nenhum registro no SRO atrasado"
      columns={[
        { accessor: 'Number', title: 'Apólice' },
        {
          accessor: 'ProposalNumber',
          title: 'Proposta',
          render: (p) => (
            <Link to={`/propostas-seguradora/proposta/${p.ProposalUniqueId}`}>nº {p.ProposalNumber}</Link>
          ),
        },
        { accessor: 'PolicyHolderName', title: 'Tomador' },
        { accessor: 'ModalityName', title: 'Modalidade' },
        { accessor: 'InsuredAmountValue', title: 'IS', render: (p) => formatMoney(p.InsuredAmountValue) },
        { accessor: 'IssuedAt', title: 'Emitida em', render: (p) => formatDate(p.IssuedAt) },
        { accessor: 'SroDeadline', title: 'Prazo do SRO', render: (p) => formatDate(p.SroDeadline) },
        {
          accessor: 'UniqueId',
          title: 'Registro',
          render: (p) => <RegisterSro policyUniqueId={p.UniqueId} />,
        },
      ]}
    />
  </Stack>
);
