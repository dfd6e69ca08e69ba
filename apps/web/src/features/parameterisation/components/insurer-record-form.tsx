import { type InsurerRecordView, maskSusepProcess, saveInsurerRecord } from '@aval/contracts';
import { branchTitle } from '@aval/domain';
import { Card, Fieldset, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useBanks } from '../../../shared/api/banks.js';
import { useContractMutation } from '../../../shared/api/use-contract-mutation.js';
import { useServerErrors } from '../../../shared/forms/contract-form.js';
import { FormActions } from '../../../shared/forms/form-actions.js';
import { AddressForm, addressFieldsOf } from '../../../shared/ui/address-form.js';
import { ChangeHistoryTable } from '../../../shared/ui/change-history-table.js';
import { CnpjInput, EmailInput } from '../../../shared/ui/fields/masked-fields.js';
import { InlineAlert } from '../../../shared/ui/inline-alert.js';
import { EmptyState, LoadingState } from '../../../shared/ui/states.js';
import { paramFormWrites, useInsurerRecord } from '../api/parameterisation-api.js';
import {
  type InsurerRecordDraft,
  insurerRecordBodyOf,
  insurerRecordDraftOf,
  processFieldOf,
  validateInsurerRecordDraft,
} from './insurer-record-draft.js';

const list = new Intl.ListFormat('pt-BR', { type: 'conjunction' });

const grid = { type: 'container', cols: { base: 1, '520px': 2 } } as const;

/** The form of the record: identification, head office, SUSEP processes, collection, consumer service. */
const InsurerRecordForm = ({ record }: { record: InsurerRecordView }) => {
  const form = useForm<InsurerRecordDraft>({
    initialValues: insurerRecordDraftOf(record),
    validate: validateInsurerRecordDraft,
  });
  const banks = useBanks();
  const save = useContractMutation(saveInsurerRecord, {
    ...paramFormWrites,
    success: 'Dados da seguradora salvos.',
  });
  const serverErrors = useServerErrors(form, save.error, processFieldOf(form.getValues()));
  const submit = form.onSubmit((d) => save.mutate({ body: insurerRecordBodyOf(d) }));
  const chooseBank = (code: string | null) => {
    form.setFieldValue('BankCode', code);
    const bank = banks.data?.find((b) => b.Code === code);
    if (bank) form.setFieldValue('BankName', bank.Name);
  };
  return (
    <form noValidate onSubmit={submit} aria-label="Dados da seguradora">
      <Stack gap="lg">
        {record.Missing.length > 0 && (
          <InlineAlert tone="warning" title="Dados incompletos">
            {`Enquanto ${record.Missing.length > 1 ? 'faltarem' : 'faltar'} ${list.format(record.Missing)}, a emissão de apólices, endossos, minutas, boletos e CCGs é recusada.`}
          </InlineAlert>
        )}
        <Fieldset legend="Identificação" radius="md">
          <SimpleGrid {...grid}>
            <TextInput label="Razão social" required maxLength={200} {...form.getInputProps('LegalName')} />
            <CnpjInput label="CNPJ" required {...form.getInputProps('Cnpj')} />
            <TextInput
              label="Código SUSEP"
              description="Os 5 dígitos do registro da seguradora na SUSEP"
              required
              maxLength={5}
              inputMode="numeric"
              {...form.getInputProps('SusepCode')}
            />
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend="Endereço da sede" radius="md">
          <AddressForm {...addressFieldsOf(form)} />
        </Fieldset>
        <Fieldset legend="Processos SUSEP dos produtos" radius="md">
          <SimpleGrid {...grid}>
            {form.getValues().SusepProcesses.map((p, i) => (
              <TextInput
                key={p.BranchCode}
                label={`Ramo ${branchTitle(p.BranchCode, p.BranchName)}`}
                description={p.Required ? undefined : 'Só para emitir neste ramo'}
                placeholder="15414.600123/2021-45"
                required={p.Required}
                {...form.getInputProps(`SusepProcesses.${i}.Number`)}
                onChange={(e) =>
                  form.setFieldValue(`SusepProcesses.${i}.Number`, maskSusepProcess(e.currentTarget.value))
                }
              />
            ))}
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend="Cobrança (boletos e Pix)" radius="md">
          <SimpleGrid {...grid}>
            <Select
              label="Banco"
              required
              searchable
              limit={50}
              nothingFoundMessage="Nenhum banco encontrado"
              data={(banks.data ?? []).map((b) => ({ value: b.Code, label: `${b.Code} - ${b.Name}` }))}
              {...form.getInputProps('BankCode')}
              onChange={chooseBank}
            />
            <TextInput
              label="Nome do banco no boleto"
              required
              maxLength={100}
              {...form.getInputProps('BankName')}
            />
            <TextInput
              label="Agência"
              description="Até 4 dígitos, sem o dígito verificador"
              required
              maxLength={4}
              inputMode="numeric"
              {...form.getInputProps('BankAgency')}
            />
            <TextInput
              label="Conta"
              description="Até 5 dígitos, sem o dígito verificador"
              required
              maxLength={5}
              inputMode="numeric"
              {...form.getInputProps('BankAccount')}
            />
            <TextInput
              label="Carteira"
              required
              maxLength={3}
              inputMode="numeric"
              {...form.getInputProps('BankWallet')}
            />
            <TextInput
              label="Chave Pix"
              description="CNPJ, e-mail, celular (+55…) ou chave aleatória"
              required
              maxLength={77}
              {...form.getInputProps('PixKey')}
            />
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend="Atendimento ao consumidor" radius="md">
          <SimpleGrid {...grid}>
            <TextInput
              label="Telefone do SAC"
              placeholder="0800 123 4567"
              required
              maxLength={20}
              {...form.getInputProps('SacPhone')}
            />
            <TextInput
              label="Telefone da Ouvidoria"
              placeholder="0800 123 4567"
              required
              maxLength={20}
              {...form.getInputProps('OuvidoriaPhone')}
            />
            <EmailInput label="E-mail da Ouvidoria" required {...form.getInputProps('OuvidoriaEmail')} />
            <TextInput
              label="Site"
              placeholder="www.seguradora.com.br"
              required
              maxLength={120}
              {...form.getInputProps('Site')}
            />
          </SimpleGrid>
        </Fieldset>
        <FormActions
          messages={serverErrors}
          busy={save.isPending}
          submitLabel="Salvar dados da seguradora"
          submitIcon={<IconDeviceFloppy size={16} aria-hidden />}
        />
      </Stack>
    </form>
  );
};

/**
 * Parametrização › Dados da seguradora: what the insurer's documents print about it (policies,
 * endorsements, minutas, issuance reports, boletos, CCGs), with its change history.
 */
export const InsurerRecordPanel = () => {
  const record = useInsurerRecord();
  if (record.isPending) return <LoadingState />;
  if (record.isError || !record.data)
    return <EmptyState title="Dados da seguradora indisponíveis" description={record.error?.message} />;
  return (
    <Stack gap="lg">
      <Card withBorder>
        {/* Read again after a save: the form starts from what was stored. */}
        <InsurerRecordForm key={record.dataUpdatedAt} record={record.data} />
      </Card>
      <Card withBorder>
        <Title order={2} size="h4" mb="sm">
          Histórico de alterações
        </Title>
        <ChangeHistoryTable entries={record.data.History} />
      </Card>
    </Stack>
  );
};
