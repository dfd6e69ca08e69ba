import {
  changeInstallmentModalityParameter,
  changeInstallmentParameter,
  createInstallmentParameter,
  createInstallmentParameterBody,
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
import { useForm } from '@mantine/form';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useContractMutation, useInsertOrUpdate } from '../../../shared/api/use-contract-mutation.js';
import { contractResolver, listField, useServerErrors } from '../../../shared/forms/contract-form.js';
import { FormActions } from '../../../shared/forms/form-actions.js';
import { MoneyInput } from '../../../shared/ui/fields/masked-fields.js';
import { Popup } from '../../../shared/ui/popup.js';
import { EmptyState, LoadingState } from '../../../shared/ui/states.js';
import {
  paramFormWrites,
  paramWrites,
  useInstallmentParameters,
  useModalityGroups,
} from '../api/parameterisation-api.js';

type PaymentMethod = (typeof paymentMethods)[number];

/** The installment dialog's fields, named as the body of Create/ChangeInstallmentParameter. */
export type InstallmentDraft = {
  Code: string;
  Name: string;
  MinimumInstallmentValue: string;
  MaximumInstallments: string | number;
  GracePeriodsInDays: string[];
  PaymentMethods: string[];
  FirstDueDays: string | number;
  IsActive: boolean;
};

const installmentDraftOf = (p?: InstallmentParameter): InstallmentDraft => ({
  Code: p?.Code ?? '',
  Name: p?.Name ?? '',
  MinimumInstallmentValue: p?.InstallmentParameter.MinimumInstallmentValue ?? '0',
  MaximumInstallments: p?.InstallmentParameter.MaximumInstallments ?? 1,
  GracePeriodsInDays: (p?.InstallmentParameter.GracePeriodsInDays ?? [0]).map(String),
  PaymentMethods: p?.InstallmentParameter.PaymentMethods ?? ['boleto'],
  FirstDueDays: p?.InstallmentParameter.FirstDueDays ?? 5,
  IsActive: p?.IsActive ?? true,
});

/** The body of a draft: blank minimum value 0, blank number of installments 1, blank first due 0. */
const installmentBodyOf = (d: InstallmentDraft) => ({
  Code: d.Code.trim(),
  Name: d.Name.trim(),
  MinimumInstallmentValue: d.MinimumInstallmentValue || '0',
  MaximumInstallments: Number(d.MaximumInstallments) || 1,
  GracePeriodsInDays: d.GracePeriodsInDays.map(Number),
  PaymentMethods: d.PaymentMethods as PaymentMethod[],
  FirstDueDays: Number(d.FirstDueDays) || 0,
  IsActive: d.IsActive,
});

/** Checks an installment draft with the contract's rules; a grace period's message shows on the list. */
export const validateInstallmentDraft = contractResolver(
  createInstallmentParameterBody,
  installmentBodyOf,
  listField,
);

const methodLabel = (m: string) => paymentMethodLabels[m as PaymentMethod] ?? m;

const InstallmentDialog = ({
  parameter,
  onClose,
}: {
  parameter?: InstallmentParameter;
  onClose: () => void;
}) => {
  const form = useForm<InstallmentDraft>({
    initialValues: installmentDraftOf(parameter),
    validate: validateInstallmentDraft,
  });
  const save = useInsertOrUpdate(createInstallmentParameter, changeInstallmentParameter, {
    ...paramFormWrites,
    success: { insert: 'Parâmetro de parcelamento criado.', update: 'Parâmetro de parcelamento alterado.' },
  });
  const serverErrors = useServerErrors(form, save.error, listField);
  const submit = form.onSubmit((d) => {
    const body = installmentBodyOf(d);
    if (parameter) save.update({ body: { ...body, Id: parameter.Id } }, onClose);
    else save.insert({ body }, onClose);
  });
  return (
    <form noValidate onSubmit={submit}>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Código" required maxLength={20} data-autofocus {...form.getInputProps('Code')} />
          <TextInput label="Nome" required maxLength={120} {...form.getInputProps('Name')} />
          <MoneyInput label="Valor mínimo da parcela" {...form.getInputProps('MinimumInstallmentValue')} />
          <NumberInput
            label="Número máximo de parcelas"
            min={1}
            max={24}
            allowDecimal={false}
            {...form.getInputProps('MaximumInstallments')}
          />
          <NumberInput
            label="Dias até o primeiro vencimento"
            min={0}
            max={90}
            allowDecimal={false}
            {...form.getInputProps('FirstDueDays')}
          />
          <TagsInput
            label="Carências oferecidas (dias)"
            description="Digite o número de dias e tecle Enter"
            {...form.getInputProps('GracePeriodsInDays')}
            onChange={(v) =>
              form.setFieldValue(
                'GracePeriodsInDays',
                v.filter((x) => /^\d{1,3}$/.test(x)),
              )
            }
          />
        </SimpleGrid>
        <MultiSelect
          label="Formas de pagamento"
          required
          data={paymentMethods.map((m) => ({ value: m, label: methodLabel(m) }))}
          {...form.getInputProps('PaymentMethods')}
        />
        <Checkbox label="Ativo" {...form.getInputProps('IsActive', { type: 'checkbox' })} />
        <FormActions
          messages={serverErrors}
          busy={save.isPending}
          submitLabel="Salvar parcelamento"
          onCancel={onClose}
        />
      </Stack>
    </form>
  );
};

type Editing = { parameter?: InstallmentParameter };

const InstallmentsTab = () => {
  const parameters = useInstallmentParameters();
  const [editing, setEditing] = useState<Editing | null>(null);
  const close = () => setEditing(null);
  if (parameters.isPending) return <LoadingState />;
  return (
    <Card withBorder>
      <Stack>
        <Group justify="flex-end">
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing({})}>
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
                      <Button size="xs" variant="subtle" onClick={() => setEditing({ parameter: p })}>
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
      <Popup
        opened={editing !== null}
        onClose={close}
        title={editing?.parameter ? 'Editar parcelamento' : 'Novo parcelamento'}
        size="lg"
      >
        {editing && <InstallmentDialog parameter={editing.parameter} onClose={close} />}
      </Popup>
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
