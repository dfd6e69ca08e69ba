import {
  changeInstallmentModalityParameter,
  changeInstallmentParameter,
  createInstallmentParameter,
  deleteInstallmentModalityParameter,
  formatMoney,
  type InstallmentParameter,
  paymentMethodLabels,
  paymentMethods,
} from '@aval/contracts';
import {
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  TagsInput,
  TextInput,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useContractMutation } from '../../../shared/api/use-contract-mutation.js';
import { MoneyInput } from '../../../shared/ui/fields/masked-fields.js';
import { EmptyState, LoadingState } from '../../../shared/ui/states.js';
import { paramWrites, useInstallmentParameters, useModalityGroups } from '../api/parameterisation-api.js';

type Draft = {
  Id?: number;
  Code: string;
  Name: string;
  MinimumInstallmentValue: string;
  MaximumInstallments: string | number;
  GracePeriodsInDays: string[];
  PaymentMethods: string[];
  FirstDueDays: string | number;
  IsActive: boolean;
};

const toDraft = (p?: InstallmentParameter): Draft => ({
  Id: p?.Id,
  Code: p?.Code ?? '',
  Name: p?.Name ?? '',
  MinimumInstallmentValue: p?.InstallmentParameter.MinimumInstallmentValue ?? '0',
  MaximumInstallments: p?.InstallmentParameter.MaximumInstallments ?? 1,
  GracePeriodsInDays: (p?.InstallmentParameter.GracePeriodsInDays ?? [0]).map(String),
  PaymentMethods: p?.InstallmentParameter.PaymentMethods ?? ['boleto'],
  FirstDueDays: p?.InstallmentParameter.FirstDueDays ?? 5,
  IsActive: p?.IsActive ?? true,
});

const methodLabel = (m: string) => paymentMethodLabels[m as keyof typeof paymentMethodLabels] ?? m;

const InstallmentsTab = () => {
  const parameters = useInstallmentParameters();
  const [draft, setDraft] = useState<Draft | null>(null);
  const create = useContractMutation(createInstallmentParameter, {
    ...paramWrites,
    success: 'Parâmetro de parcelamento criado.',
  });
  const change = useContractMutation(changeInstallmentParameter, {
    ...paramWrites,
    success: 'Parâmetro de parcelamento alterado.',
  });
  if (parameters.isPending) return <LoadingState />;
  const submit = () => {
    if (!draft) return;
    const fields = {
      Code: draft.Code,
      Name: draft.Name,
      MinimumInstallmentValue: draft.MinimumInstallmentValue || '0',
      MaximumInstallments: Number(draft.MaximumInstallments) || 1,
      GracePeriodsInDays: draft.GracePeriodsInDays.map(Number).filter((n) => Number.isInteger(n)),
      PaymentMethods: draft.PaymentMethods as (typeof paymentMethods)[number][],
      FirstDueDays: Number(draft.FirstDueDays) || 0,
      IsActive: draft.IsActive,
    };
    const done = { onSuccess: () => setDraft(null) };
    if (draft.Id) change.mutate({ body: { ...fields, Id: draft.Id } }, done);
    else create.mutate({ body: fields }, done);
  };
  return (
    <Card withBorder>
      <Stack>
        <Group justify="flex-end">
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setDraft(toDraft())}>
            Novo parcelamento
          </Button>
        </Group>
        {(parameters.data ?? []).length === 0 ? (
          <EmptyState />
        ) : (
          <Table.ScrollContainer minWidth={800}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Código</Table.Th>
                  <Table.Th>Nome</Table.Th>
                  <Table.Th>Parcela mínima</Table.Th>
                  <Table.Th>Máx. parcelas</Table.Th>
                  <Table.Th>Carências (dias)</Table.Th>
                  <Table.Th>Formas de pagamento</Table.Th>
                  <Table.Th>Modalidades</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(parameters.data ?? []).map((p) => (
                  <Table.Tr key={p.Id}>
                    <Table.Td>{p.Code}</Table.Td>
                    <Table.Td>
                      {p.Name}
                      {!p.IsActive && (
                        <Badge ml="xs" color="gray" size="xs">
                          Inativo
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>{formatMoney(p.InstallmentParameter.MinimumInstallmentValue)}</Table.Td>
                    <Table.Td>{p.InstallmentParameter.MaximumInstallments}</Table.Td>
                    <Table.Td>{p.InstallmentParameter.GracePeriodsInDays.join(', ') || '—'}</Table.Td>
                    <Table.Td>{p.InstallmentParameter.PaymentMethods.map(methodLabel).join(', ')}</Table.Td>
                    <Table.Td>{p.Modalities.length}</Table.Td>
                    <Table.Td>
                      <Button size="xs" variant="subtle" onClick={() => setDraft(toDraft(p))}>
                        Editar
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <Modal
        opened={draft !== null}
        onClose={() => setDraft(null)}
        title={draft?.Id ? 'Editar parcelamento' : 'Novo parcelamento'}
        size="lg"
      >
        {draft && (
          <Stack>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label="Código"
                required
                maxLength={20}
                value={draft.Code}
                onChange={(e) => setDraft({ ...draft, Code: e.currentTarget.value })}
              />
              <TextInput
                label="Nome"
                required
                maxLength={120}
                value={draft.Name}
                onChange={(e) => setDraft({ ...draft, Name: e.currentTarget.value })}
              />
              <MoneyInput
                label="Valor mínimo da parcela"
                value={draft.MinimumInstallmentValue}
                onChange={(v) => setDraft({ ...draft, MinimumInstallmentValue: v })}
              />
              <NumberInput
                label="Número máximo de parcelas"
                min={1}
                max={24}
                allowDecimal={false}
                value={draft.MaximumInstallments}
                onChange={(v) => setDraft({ ...draft, MaximumInstallments: v })}
              />
              <NumberInput
                label="Dias até o primeiro vencimento"
                min={0}
                max={90}
                allowDecimal={false}
                value={draft.FirstDueDays}
                onChange={(v) => setDraft({ ...draft, FirstDueDays: v })}
              />
              <TagsInput
                label="Carências oferecidas (dias)"
                description="Digite o número de dias e tecle Enter"
                value={draft.GracePeriodsInDays}
                onChange={(v) =>
                  setDraft({ ...draft, GracePeriodsInDays: v.filter((x) => /^\d{1,3}$/.test(x)) })
                }
              />
            </SimpleGrid>
            <MultiSelect
              label="Formas de pagamento"
              data={paymentMethods.map((m) => ({ value: m, label: methodLabel(m) }))}
              value={draft.PaymentMethods}
              onChange={(v) => setDraft({ ...draft, PaymentMethods: v })}
            />
            <Checkbox
              label="Ativo"
              checked={draft.IsActive}
              onChange={(e) => setDraft({ ...draft, IsActive: e.currentTarget.checked })}
            />
            <Group justify="flex-end">
              <Button loading={create.isPending || change.isPending} onClick={submit}>
                Salvar parcelamento
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Card>
  );
};

const ModalityInstallmentsTab = () => {
  const groups = useModalityGroups();
  const parameters = useInstallmentParameters();
  const change = useContractMutation(changeInstallmentModalityParameter, {
    ...paramWrites,
    success: 'Parcelamento da modalidade alterado.',
  });
  const remove = useContractMutation(deleteInstallmentModalityParameter, {
    ...paramWrites,
    success: 'Parcelamento da modalidade removido.',
  });
  if (groups.isPending || parameters.isPending) return <LoadingState />;
  const byModality = new Map<number, InstallmentParameter>();
  for (const p of parameters.data ?? []) for (const m of p.Modalities) byModality.set(m.ModalityId, p);
  const options = (parameters.data ?? []).map((p) => ({
    value: String(p.Id),
    label: `${p.Code} - ${p.Name}`,
  }));
  return (
    <Card withBorder>
      <Table.ScrollContainer minWidth={720}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Ramo</Table.Th>
              <Table.Th>Modalidade</Table.Th>
              <Table.Th>Parcelamento</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(groups.data ?? []).flatMap((g) =>
              g.Modalities.map((m) => {
                const current = byModality.get(m.Id);
                return (
                  <Table.Tr key={m.Id}>
                    <Table.Td>{g.BranchCode}</Table.Td>
                    <Table.Td>{m.Name}</Table.Td>
                    <Table.Td>
                      <Select
                        aria-label={`Parcelamento de ${m.Name}`}
                        placeholder="1 parcela (padrão)"
                        data={options}
                        value={current ? String(current.Id) : null}
                        onChange={(v) =>
                          v &&
                          change.mutate({ body: { ModalityId: m.Id, InstallmentParameterId: Number(v) } })
                        }
                      />
                    </Table.Td>
                    <Table.Td>
                      {current && (
                        <Button
                          size="xs"
                          variant="subtle"
                          color="danger"
                          onClick={() => remove.mutate({ body: { ModalityId: m.Id } })}
                        >
                          Remover
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              }),
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
};

/** /parametrizacao/pagamentos: installment parameters and the parameter of each modality. */
export const PaymentsPage = () => (
  <Tabs defaultValue="parcelamento" keepMounted={false}>
    <Tabs.List>
      <Tabs.Tab value="parcelamento">Parâmetros de parcelamento</Tabs.Tab>
      <Tabs.Tab value="modalidades">Parcelamento por modalidade</Tabs.Tab>
    </Tabs.List>
    <Tabs.Panel value="parcelamento" pt="md">
      <InstallmentsTab />
    </Tabs.Panel>
    <Tabs.Panel value="modalidades" pt="md">
      <ModalityInstallmentsTab />
    </Tabs.Panel>
  </Tabs>
);
