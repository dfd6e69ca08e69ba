import {
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

/** Complementary data of the policy holder (SaveComplementarData); read-only without 13/29. */
export const DataTab = ({ holder }: { holder: PolicyHolderDetail }) => {
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
  const readOnly = !holder.Permissions.CanEdit;
  const submit = form.onSubmit((d) => save.mutate({ body: bodyOf(holder, d) }));
  return (
    <Card withBorder component="form" onSubmit={submit} noValidate aria-label="Dados complementares">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        <TextInput label="Razão social" value={holder.Name} readOnly />
        <TextInput
          label="Nome fantasia"
          maxLength={120}
          readOnly={readOnly}
          {...form.getInputProps('TradeName')}
        />
        <EmailInput label="E-mail" readOnly={readOnly} {...form.getInputProps('Email')} />
        <PhoneInput label="Telefone" readOnly={readOnly} {...form.getInputProps('Phone')} />
        <TextInput label="CNAE" maxLength={10} readOnly={readOnly} {...form.getInputProps('Cnae')} />
        <TextInput
          label="Atividade (CNAE)"
          maxLength={200}
          readOnly={readOnly}
          {...form.getInputProps('CnaeDescription')}
        />
        <DateField
          label="Data de fundação"
          readOnly={readOnly}
          clearable={!readOnly}
          clearButtonProps={{ 'aria-label': 'Limpar data de fundação' }}
          {...form.getInputProps('FoundingDate')}
          onChange={(v) => form.setFieldValue('FoundingDate', v ? String(v) : null)}
        />
        <MoneyInput label="Faturamento anual" readOnly={readOnly} {...form.getInputProps('AnnualRevenue')} />
        <MoneyInput label="Capital social" readOnly={readOnly} {...form.getInputProps('ShareCapital')} />
        <TextInput label="Site" maxLength={200} readOnly={readOnly} {...form.getInputProps('Website')} />
      </SimpleGrid>
      {serverErrors.length > 0 && <InlineAlert mt="md">{serverErrors.join('\n')}</InlineAlert>}
      {!readOnly && (
        <Group justify="flex-end" mt="md">
          <Button
            type="submit"
            loading={save.isPending}
            leftSection={<IconDeviceFloppy size={16} aria-hidden />}
          >
            Salvar dados
          </Button>
        </Group>
      )}
    </Card>
  );
};
