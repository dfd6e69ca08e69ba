import {
  formatDate,
  formatMoney,
  maskPhone,
  type PolicyHolderDetail,
  type SaveComplementarDataBody,
  saveComplementarData,
} from '@aval/contracts';
import { Button, Card, Group, SimpleGrid, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useContractMutation } from '../../../shared/api/use-contract-mutation.js';
import { contractResolver, useServerErrors } from '../../../shared/forms/contract-form.js';
import { DateField, EmailInput, MoneyInput, PhoneInput } from '../../../shared/ui/fields/masked-fields.js';
import { InlineAlert } from '../../../shared/ui/inline-alert.js';
import { LabeledValue } from '../../../shared/ui/labeled-value.js';
import { policyHolderWrites } from '../api/policy-holders-api.js';

type Draft = {
  TradeName: string;
  Email: string;
  Phone: string;
  Cnae: string;
  CnaeDescription: string;
  FoundingDate: string | null;
  AnnualRevenue: string;
  ShareCapital: string;
  Website: string;
};

const draftOf = (holder: PolicyHolderDetail): Draft => ({
  TradeName: holder.TradeName ?? '',
  Email: holder.Email ?? '',
  Phone: maskPhone(holder.Phone ?? ''),
  Cnae: holder.Cnae ?? '',
  CnaeDescription: holder.CnaeDescription ?? '',
  FoundingDate: holder.FoundingDate,
  AnnualRevenue: holder.AnnualRevenue ?? '',
  ShareCapital: holder.ShareCapital ?? '',
  Website: holder.Website ?? '',
});

const bodyOf = (holder: PolicyHolderDetail, d: Draft): SaveComplementarDataBody => ({
  ...d,
  PolicyHolderUniqueId: holder.UniqueId,
  FoundingDate: d.FoundingDate || null,
  AnnualRevenue: d.AnnualRevenue || null,
  ShareCapital: d.ShareCapital || null,
});

/** What a user without 13/29 sees: the complementary data as text, not inputs that look editable. */
const HolderDataText = ({ holder }: { holder: PolicyHolderDetail }) => (
  <Card withBorder aria-label="Dados complementares">
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
      <LabeledValue label="Razão social" value={holder.Name} />
      <LabeledValue label="Nome fantasia" value={holder.TradeName} />
      <LabeledValue label="E-mail" value={holder.Email} />
      <LabeledValue label="Telefone" value={holder.Phone ? maskPhone(holder.Phone) : null} />
      <LabeledValue label="CNAE" value={holder.Cnae} />
      <LabeledValue label="Atividade (CNAE)" value={holder.CnaeDescription} />
      <LabeledValue
        label="Data de fundação"
        value={holder.FoundingDate ? formatDate(holder.FoundingDate) : null}
      />
      <LabeledValue
        label="Faturamento anual"
        value={holder.AnnualRevenue ? formatMoney(holder.AnnualRevenue) : null}
      />
      <LabeledValue
        label="Capital social"
        value={holder.ShareCapital ? formatMoney(holder.ShareCapital) : null}
      />
      <LabeledValue label="Site" value={holder.Website} />
    </SimpleGrid>
  </Card>
);

/** Complementary data of the policy holder (SaveComplementarData); shown as text without 13/29. */
export const DataTab = ({ holder }: { holder: PolicyHolderDetail }) =>
  holder.Permissions.CanEdit ? <DataForm holder={holder} /> : <HolderDataText holder={holder} />;

const DataForm = ({ holder }: { holder: PolicyHolderDetail }) => {
  const form = useForm<Draft>({
    initialValues: draftOf(holder),
    validate: contractResolver(saveComplementarData.body, (d: Draft) => bodyOf(holder, d)),
  });
  const save = useContractMutation(saveComplementarData, {
    ...policyHolderWrites,
    error: 'caller',
    success: 'Dados complementares salvos.',
  });
  const serverErrors = useServerErrors(form, save.error);
  const submit = form.onSubmit((d) => save.mutate({ body: bodyOf(holder, d) }));
  return (
    <Card withBorder component="form" onSubmit={submit} noValidate aria-label="Dados complementares">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        <LabeledValue label="Razão social" value={holder.Name} />
        <TextInput label="Nome fantasia" maxLength={120} {...form.getInputProps('TradeName')} />
        <EmailInput label="E-mail" {...form.getInputProps('Email')} />
        <PhoneInput label="Telefone" {...form.getInputProps('Phone')} />
        <TextInput label="CNAE" maxLength={10} {...form.getInputProps('Cnae')} />
        <TextInput label="Atividade (CNAE)" maxLength={200} {...form.getInputProps('CnaeDescription')} />
        <DateField
          label="Data de fundação"
          clearable
          clearButtonProps={{ 'aria-label': 'Limpar data de fundação' }}
          {...form.getInputProps('FoundingDate')}
          onChange={(v) => form.setFieldValue('FoundingDate', v ? String(v) : null)}
        />
        <MoneyInput label="Faturamento anual" {...form.getInputProps('AnnualRevenue')} />
        <MoneyInput label="Capital social" {...form.getInputProps('ShareCapital')} />
        <TextInput label="Site" maxLength={200} {...form.getInputProps('Website')} />
      </SimpleGrid>
      {serverErrors.length > 0 && <InlineAlert mt="md">{serverErrors.join('\n')}</InlineAlert>}
      <Group justify="flex-end" mt="md">
        <Button
          type="submit"
          loading={save.isPending}
          leftSection={<IconDeviceFloppy size={16} aria-hidden />}
        >
          Salvar dados
        </Button>
      </Group>
    </Card>
  );
};
