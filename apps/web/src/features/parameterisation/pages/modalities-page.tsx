import { formatMoney, insertModality, type ModalityGroup, type ModalitySummary } from '@aval/contracts';
import { Badge, Button, Card, Group, Modal, Stack, Table, Tabs, Text, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useContractMutation } from '../../../shared/api/use-contract-mutation.js';
import { EmptyState, LoadingState } from '../../../shared/ui/states.js';
import { paramWrites, useBranches, useModalityGroups } from '../api/parameterisation-api.js';
import { ModalityForm } from '../components/modality-form.js';
import { ModalityStatusBadge } from '../components/modality-status-badge.js';

export const modalityPath = (m: Pick<ModalitySummary, 'BranchId' | 'ModalityGroupId' | 'Id' | 'UniqueId'>) =>
  `/parametrizacao/branch/${m.BranchId}/grupo/${m.ModalityGroupId}/modalidade/${m.Id}/${m.UniqueId}`;

const money = (v: string | null) => (v ? formatMoney(v) : '—');

export const ModalityTable = ({ modalities }: { modalities: ModalitySummary[] }) =>
  modalities.length === 0 ? (
    <Text c="gray.7" size="sm">
      Nenhuma modalidade neste grupo.
    </Text>
  ) : (
    <Table.ScrollContainer minWidth={720}>
      <Table highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Modalidade</Table.Th>
            <Table.Th>IS máxima</Table.Th>
            <Table.Th>Aprovação automática</Table.Th>
            <Table.Th>Prêmio mínimo</Table.Th>
            <Table.Th>Prazo (dias)</Table.Th>
            <Table.Th>Situação</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {modalities.map((m) => (
            <Table.Tr key={m.Id}>
              <Table.Td>
                <Link to={modalityPath(m)}>{m.Name}</Link>
                {m.IsComplementary && (
                  <Badge ml="xs" size="xs" variant="light">
                    Complementar
                  </Badge>
                )}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{money(m.MaxInsuredAmountValue)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{money(m.AutomaticApprovalLimit)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{money(m.MinInsurancePremium)}</Table.Td>
              <Table.Td>
                {m.MinPeriodInDays} a {m.MaxPeriodInDays}
              </Table.Td>
              <Table.Td>
                <ModalityStatusBadge active={m.IsActive} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );

const GroupsOfBranch = ({ branchId, search }: { branchId: number; search: string }) => {
  const groups = useModalityGroups(branchId);
  const navigate = useNavigate();
  const [opened, { open, close }] = useDisclosure(false);
  const create = useContractMutation(insertModality, {
    ...paramWrites,
    error: 'caller',
    success: 'Modalidade criada.',
  });
  const term = search.trim().toLocaleLowerCase('pt-BR');
  const filtered = useMemo(
    () =>
      (groups.data ?? [])
        .map((g: ModalityGroup) => ({
          ...g,
          Modalities: g.Modalities.filter((m) => !term || m.Name.toLocaleLowerCase('pt-BR').includes(term)),
        }))
        .filter((g) => !term || g.Modalities.length > 0),
    [groups.data, term],
  );
  if (groups.isPending) return <LoadingState />;
  const options = (groups.data ?? []).map((g) => ({ value: String(g.Id), label: g.Name }));
  return (
    <Stack>
      <Group justify="flex-end">
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={open}>
          Nova modalidade
        </Button>
      </Group>
      {filtered.length === 0 && <EmptyState />}
      {filtered.map((g) => (
        <Card key={g.Id} withBorder>
          <Group justify="space-between" mb="sm">
            <Text fw={600} component={Link} to={`/parametrizacao/branch/${branchId}/modalidade/${g.Id}`}>
              {g.Name}
            </Text>
            <Badge variant="light">{g.Modalities.length} modalidade(s)</Badge>
          </Group>
          <ModalityTable modalities={g.Modalities} />
        </Card>
      ))}
      <Modal opened={opened} onClose={close} title="Nova modalidade" size="xl">
        <ModalityForm
          groups={options}
          busy={create.isPending}
          error={create.error}
          submitLabel="Criar modalidade"
          onSubmit={(values) =>
            create.mutate(
              { body: { ...values, BranchId: branchId } },
              {
                onSuccess: (m) => {
                  close();
                  void navigate(modalityPath(m));
                },
              },
            )
          }
        />
      </Modal>
    </Stack>
  );
};

/** /parametrizacao/modalidades: modalities by branch and group. */
export const ModalitiesPage = () => {
  const branches = useBranches();
  const [tab, setTab] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  if (branches.isPending) return <LoadingState />;
  const list = branches.data ?? [];
  const active = tab ?? (list[0] ? String(list[0].Id) : null);
  return (
    <Stack>
      <TextInput
        label="Buscar modalidade"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        maxLength={50}
        onChange={(e) => setSearch(e.currentTarget.value)}
        maw={360}
      />
      <Tabs value={active} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          {list.map((b) => (
            <Tabs.Tab key={b.Id} value={String(b.Id)}>
              {b.Code} · {b.Name}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {list.map((b) => (
          <Tabs.Panel key={b.Id} value={String(b.Id)} pt="md">
            <GroupsOfBranch branchId={b.Id} search={search} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
};
