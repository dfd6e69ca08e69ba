import {
  formatDate,
  formatMoney,
  Permission,
  registerPolicySro,
  searchLateSroRegistrations,
} from '@aval/contracts';
import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { useMayCall } from '../../../shared/api/may-call.js';
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

/** Why the page lists the late registrations without the register action. */
export const registerSroReason =
  'Informar o registro no SRO exige a permissão Gerenciar propostas (seguradora).';

/** The insurer's proposal page (/propostas-seguradora/proposta/…) opens with 31 or 32. */
const insurerProposals = {
  permissions: [Permission.GERENCIAR_PROPOSTAS_SEGURADORA, Permission.VISUALIZAR_PROPOSTAS_SEGURADORA],
};

/**
 * Insurer staff: issued policies whose SRO registration is past its 2-business-day deadline. Who
 * may not register (RegisterPolicySro) reads the list with the reason; the proposal links only for
 * who may open the insurer's proposal.
 */
export const LateSroPage = () => {
  const may = useMayCall();
  const canRegister = may(registerPolicySro);
  const opensProposals = may(insurerProposals);
  return (
    <Stack>
      <Card withBorder>
        <Title order={2} size="h3">
          Registros no SRO atrasados
        </Title>
        <Text size="sm" c="gray.7">
          Apólices emitidas ainda não registradas no SRO depois do prazo de 2 dias úteis (feriados nacionais
          contados).
        </Text>
        {!canRegister && (
          <Text size="sm" c="gray.7" mt="xs">
            {registerSroReason}
          </Text>
        )}
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
            render: (p) =>
              opensProposals ? (
                <Link to={`/propostas-seguradora/proposta/${p.ProposalUniqueId}`}>nº {p.ProposalNumber}</Link>
              ) : (
                `nº ${p.ProposalNumber}`
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
            hidden: !canRegister,
            render: (p) => <RegisterSro policyUniqueId={p.UniqueId} />,
          },
        ]}
      />
    </Stack>
  );
};
