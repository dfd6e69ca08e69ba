import { maskPhone, type PolicyHolderDetail, saveComplementarData } from '@aval/contracts';
import { Button, Card, Group, SimpleGrid, TextInput } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useContractMutation } from '../../../shared/api/use-contract-mutation.js';
import { DateField, EmailInput, MoneyInput, PhoneInput } from '../../../shared/ui/fields/masked-fields.js';
import { policyHolderWrites } from '../api/policy-holders-api.js';

const money = (v: string | null) => v ?? '';

/** Complementary data of the policy holder (SaveComplementarData); read-only without 13/29. */
export const DataTab = ({ holder }: { holder: PolicyHolderDetail }) => {
  const [form, setForm] = useState({
    TradeName: holder.TradeName ?? '',
    Email: holder.Email ?? '',
    Phone: maskPhone(holder.Phone ?? ''),
    Cnae: holder.Cnae ?? '',
    CnaeDescription: holder.CnaeDescription ?? '',
    FoundingDate: holder.FoundingDate,
    AnnualRevenue: money(holder.AnnualRevenue),
    ShareCapital: money(holder.ShareCapital),
    Website: holder.Website ?? '',
  });
  const save = useContractMutation(saveComplementarData, {
    ...policyHolderWrites,
    success: 'Dados complementares salvos.',
  });
  const readOnly = !holder.Permissions.CanEdit;
  const set = (key: keyof typeof form) => (value: string | null) => setForm({ ...form, [key]: value ?? '' });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({
      body: {
        PolicyHolderUniqueId: holder.UniqueId,
        TradeName: form.TradeName,
        Email: form.Email,
        Phone: form.Phone,
        Cnae: form.Cnae,
        CnaeDescription: form.CnaeDescription,
        FoundingDate: form.FoundingDate || null,
        AnnualRevenue: form.AnnualRevenue || null,
        ShareCapital: form.ShareCapital || null,
        Website: form.Website,
      },
    });
  };
  return (
    <Card withBorder component="form" onSubmit={submit} aria-label="Dados complementares">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        <TextInput label="Razão social" value={holder.Name} readOnly />
        <TextInput
          label="Nome fantasia"
          value={form.TradeName}
          maxLength={120}
          readOnly={readOnly}
          onChange={(e) => set('TradeName')(e.currentTarget.value)}
        />
        <EmailInput label="E-mail" value={form.Email} readOnly={readOnly} onChange={set('Email')} />
        <PhoneInput label="Telefone" value={form.Phone} readOnly={readOnly} onChange={set('Phone')} />
        <TextInput
          label="CNAE"
          value={form.Cnae}
          maxLength={10}
          readOnly={readOnly}
          onChange={(e) => set('Cnae')(e.currentTarget.value)}
        />
        <TextInput
          label="Atividade (CNAE)"
          value={form.CnaeDescription}
          maxLength={200}
          readOnly={readOnly}
          onChange={(e) => set('CnaeDescription')(e.currentTarget.value)}
        />
        <DateField
          label="Data de fundação"
          value={form.FoundingDate}
          readOnly={readOnly}
          clearable={!readOnly}
          clearButtonProps={{ 'aria-label': 'Limpar data de fundação' }}
          onChange={(v) => setForm({ ...form, FoundingDate: v ? String(v) : null })}
        />
        <MoneyInput
          label="Faturamento anual"
          value={form.AnnualRevenue}
          readOnly={readOnly}
          onChange={set('AnnualRevenue')}
        />
        <MoneyInput
          label="Capital social"
          value={form.ShareCapital}
          readOnly={readOnly}
          onChange={set('ShareCapital')}
        />
        <TextInput
          label="Site"
          value={form.Website}
          maxLength={200}
          readOnly={readOnly}
          onChange={(e) => set('Website')(e.currentTarget.value)}
        />
      </SimpleGrid>
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
