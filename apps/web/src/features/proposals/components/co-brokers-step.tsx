import {
  coBrokerCommissionTypeLabels,
  formatPercent,
  getSearchBrokers,
  maskCpfCnpj,
  type ProposalView,
  toDec,
  updateProposal,
  updateProposalBody,
} from '@aval/contracts';
import { Button, Card, Group, Select, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowRight, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../app/api.js';
import { useContractMutation } from '../../../shared/api/use-contract-mutation.js';
import { contractResolver, useServerErrors } from '../../../shared/forms/contract-form.js';
import { FormActions } from '../../../shared/forms/form-actions.js';
import { PercentInput } from '../../../shared/ui/fields/masked-fields.js';
import { RowAction } from '../../../shared/ui/row-action.js';
import { proposalKeys, proposalWrites } from '../api/proposals-api.js';

type Row = {
  BrokerId: number;
  Name: string;
  Document: string;
  CommissionTypeId: string;
  Participation: string;
};
export type CoBrokersDraft = { rows: Row[] };
type Draft = CoBrokersDraft;

const typeOptions = Object.entries(coBrokerCommissionTypeLabels).map(([value, label]) => ({ value, label }));

const draftOf = (p: ProposalView): Draft => ({
  rows: p.CoBrokers.filter((c) => !c.Leader).map((c) => ({
    BrokerId: c.CoBrokerId,
    Name: c.Name,
    Document: c.CpfCnpj,
    CommissionTypeId: String(c.CommissionTypeId),
    Participation: c.Participation,
  })),
});

const sumOf = (rows: Row[]) => rows.reduce((s, r) => s.plus(toDec(r.Participation || '0')), toDec(0));

/** The leader (the main broker) keeps what the co-brokers do not take. */
const leaderShare = (rows: Row[]) => toDec(100).minus(sumOf(rows));

/** The UpdateProposal body of the step: the leader first, with the share the co-brokers leave. */
export const coBrokersBody = (p: ProposalView, d: Draft) => ({
  UniqueId: p.UniqueId,
  Version: p.Version,
  CoBrokers: d.rows.length
    ? [
        { CommissionTypeId: 2 as const, Leader: true, Participation: leaderShare(d.rows).toFixed(2) },
        ...d.rows.map((r) => ({
          CoBrokerId: r.BrokerId,
          CommissionTypeId: Number(r.CommissionTypeId) as 2 | 3,
          Participation: r.Participation,
        })),
      ]
    : [],
});

const fieldOf = (path: string) => {
  const m = /^CoBrokers\.(\d+)\.(\w+)$/.exec(path);
  return m && m[1] !== '0' ? `rows.${Number(m[1]) - 1}.${m[2]}` : path;
};

/**
 * Co-brokerage: the main broker leads (its share is what the others leave), co-brokers chosen
 * among the active brokerages, each paid as co-brokerage (2) or co-for-labor (3); the shares add
 * up to 100 % (the API refuses otherwise, with the spec's message).
 */
export const CoBrokersStep = ({ proposal, onDone }: { proposal: ProposalView; onDone: () => void }) => {
  const form = useForm<Draft>({
    initialValues: draftOf(proposal),
    validate: contractResolver(updateProposalBody, (d: Draft) => coBrokersBody(proposal, d), fieldOf),
  });
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search, 300);
  const brokers = useQuery({
    queryKey: [...proposalKeys.all, 'co-broker-search', term],
    queryFn: () =>
      api.call(getSearchBrokers, {
        query: { searchValue: term, IgnoreInactive: true, currentPage: 1, rowsPerPage: 20 },
      }),
    enabled: term.trim().length >= 2,
  });
  const save = useContractMutation(updateProposal, {
    ...proposalWrites,
    success: 'Cocorretagem salva.',
    onSuccess: (r, q, c) => {
      proposalWrites.onSuccess(r, q, c);
      onDone();
    },
  });
  const rest = useServerErrors(form, save.error, fieldOf);
  const rows = form.getValues().rows;
  const taken = new Set([proposal.BrokerId, ...rows.map((r) => r.BrokerId)]);
  const options = (brokers.data?.Data ?? [])
    .filter((b) => !taken.has(b.Id))
    .map((b) => ({ value: String(b.Id), label: `${b.Name} · ${maskCpfCnpj(b.CpfCnpj)}` }));
  const leader = leaderShare(rows);
  return (
    <Card
      withBorder
      component="form"
      noValidate
      aria-label="Cocorretagem"
      onSubmit={form.onSubmit((d) => save.mutate({ body: coBrokersBody(proposal, d) }))}
    >
      <Stack>
        <Select
          label="Adicionar cocorretora"
          placeholder="Nome, CNPJ ou SUSEP (ao menos 2 caracteres)"
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          data={options}
          value={null}
          nothingFoundMessage={term.trim().length >= 2 ? 'Nenhuma corretora encontrada' : undefined}
          onChange={(value) => {
            const b = brokers.data?.Data.find((x) => String(x.Id) === value);
            if (!b) return;
            form.insertListItem('rows', {
              BrokerId: b.Id,
              Name: b.Name,
              Document: b.CpfCnpj,
              CommissionTypeId: '2',
              Participation: rows.length ? '0' : '30',
            });
            setSearch('');
          }}
        />
        <Table.ScrollContainer minWidth={560}>
          <Table aria-label="Corretoras da proposta">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Corretora</Table.Th>
                <Table.Th>Tipo de comissão</Table.Th>
                <Table.Th>Participação</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Ações</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              <Table.Tr>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {proposal.BrokerName} (líder)
                  </Text>
                </Table.Td>
                <Table.Td>{coBrokerCommissionTypeLabels[2]}</Table.Td>
                <Table.Td>
                  <Text
                    size="sm"
                    c={leader.isNegative() ? 'red.8' : undefined}
                    aria-label="Participação da líder"
                  >
                    {formatPercent(leader)}
                  </Text>
                </Table.Td>
                <Table.Td />
              </Table.Tr>
              {rows.map((r, i) => (
                <Table.Tr key={r.BrokerId}>
                  <Table.Td>
                    <Text size="sm">{r.Name}</Text>
                    <Text size="xs" c="gray.7">
                      {maskCpfCnpj(r.Document)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Select
                      aria-label={`Tipo de comissão de ${r.Name}`}
                      data={typeOptions}
                      allowDeselect={false}
                      {...form.getInputProps(`rows.${i}.CommissionTypeId`)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <PercentInput
                      aria-label={`Participação de ${r.Name}`}
                      w={120}
                      {...form.getInputProps(`rows.${i}.Participation`)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <RowAction
                      tip="Remover"
                      label={`Remover ${r.Name}`}
                      color="red"
                      icon={<IconTrash size={16} aria-hidden />}
                      onClick={() => form.removeListItem('rows', i)}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {rows.length === 0 && (
          <Text size="sm">Sem cocorretagem: a corretora principal recebe toda a comissão.</Text>
        )}
        <FormActions
          messages={rest}
          busy={save.isPending}
          submitLabel="Salvar e continuar"
          submitIcon={<IconArrowRight size={16} aria-hidden />}
        />
        <Group justify="flex-end">
          <Button variant="subtle" onClick={onDone}>
            Pular esta etapa
          </Button>
        </Group>
      </Stack>
    </Card>
  );
};
