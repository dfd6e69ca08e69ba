import { type ModalitySummary, requiredText, updateModalityBody } from '@aval/contracts';
import {
  Button,
  Checkbox,
  Divider,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { blankToNull, contractResolver, useServerErrors } from '../../../shared/forms/contract-form.js';
import { MoneyInput, PercentInput } from '../../../shared/ui/fields/masked-fields.js';
import { InlineAlert } from '../../../shared/ui/inline-alert.js';

/** What the form gives its caller: the body of InsertModality / UpdateModality (without ids). */
export type ModalityFormValues = {
  Name: string;
  ModalityGroupId?: number;
  NewModalityGroupName?: string;
  Description: string | null;
  SusepCode: string | null;
  MaxInsuredAmountValue: string | null;
  MinInsuredAmountValue: string | null;
  AutomaticApprovalLimit: string | null;
  MinInsurancePremium: string;
  DefaultRate: string | null;
  MinComissionPercentage: string;
  MaxComissionPercentage: string;
  RetroactiveDays: number;
  FutureDays: number;
  MinPeriodInDays: number;
  MaxPeriodInDays: number;
  IsComplementary: boolean;
  AutomaticCancel: boolean;
  DaysAfterDueDate: number | null;
  CanHaveBeneficiaryPF: boolean;
  IsActive: boolean;
};

const NEW_GROUP = 'new';

/** The inputs as edited: decimals and days as typed ('' when empty), the group choice. */
type Draft = Omit<
  ModalityFormValues,
  | 'ModalityGroupId'
  | 'NewModalityGroupName'
  | 'Description'
  | 'SusepCode'
  | 'MaxInsuredAmountValue'
  | 'MinInsuredAmountValue'
  | 'AutomaticApprovalLimit'
  | 'DefaultRate'
  | 'RetroactiveDays'
  | 'FutureDays'
  | 'MinPeriodInDays'
  | 'MaxPeriodInDays'
  | 'DaysAfterDueDate'
> & {
  Group: string | null;
  NewModalityGroupName: string;
  Description: string;
  SusepCode: string;
  MaxInsuredAmountValue: string;
  MinInsuredAmountValue: string;
  AutomaticApprovalLimit: string;
  DefaultRate: string;
  RetroactiveDays: number | string;
  FutureDays: number | string;
  MinPeriodInDays: number | string;
  MaxPeriodInDays: number | string;
  DaysAfterDueDate: number | string;
};

const days = (v: number | string) => (typeof v === 'number' ? v : Number.parseInt(v || '0', 10) || 0);

const toBody = ({ Group, NewModalityGroupName, ...d }: Draft): ModalityFormValues => ({
  ...d,
  Name: d.Name.trim(),
  ModalityGroupId: Group && Group !== NEW_GROUP ? Number(Group) : undefined,
  NewModalityGroupName: Group === NEW_GROUP ? NewModalityGroupName.trim() : undefined,
  Description: blankToNull(d.Description),
  SusepCode: blankToNull(d.SusepCode),
  MaxInsuredAmountValue: blankToNull(d.MaxInsuredAmountValue),
  MinInsuredAmountValue: blankToNull(d.MinInsuredAmountValue),
  AutomaticApprovalLimit: blankToNull(d.AutomaticApprovalLimit),
  MinInsurancePremium: d.MinInsurancePremium || '0',
  DefaultRate: blankToNull(d.DefaultRate),
  MinComissionPercentage: d.MinComissionPercentage || '0',
  MaxComissionPercentage: d.MaxComissionPercentage || '0',
  RetroactiveDays: days(d.RetroactiveDays),
  FutureDays: days(d.FutureDays),
  MinPeriodInDays: days(d.MinPeriodInDays),
  MaxPeriodInDays: days(d.MaxPeriodInDays),
  DaysAfterDueDate: d.DaysAfterDueDate === '' ? null : days(d.DaysAfterDueDate),
});

/** The contract's modality fields; a new group needs its name. */
const modalityFormSchema = updateModalityBody
  .omit({ Id: true })
  .extend({ NewModalityGroupName: requiredText('o nome do novo grupo', 120).optional() });

const draftOf = (initial: ModalitySummary | undefined, groups: { value: string }[]): Draft => ({
  Name: initial?.Name ?? '',
  Group: initial ? String(initial.ModalityGroupId) : (groups[0]?.value ?? NEW_GROUP),
  NewModalityGroupName: '',
  Description: initial?.Description ?? '',
  SusepCode: initial?.SusepCode ?? '',
  MaxInsuredAmountValue: initial?.MaxInsuredAmountValue ?? '',
  MinInsuredAmountValue: initial?.MinInsuredAmountValue ?? '',
  AutomaticApprovalLimit: initial?.AutomaticApprovalLimit ?? '',
  MinInsurancePremium: initial?.MinInsurancePremium ?? '0',
  DefaultRate: initial?.DefaultRate ?? '',
  MinComissionPercentage: initial?.MinComissionPercentage ?? '0',
  MaxComissionPercentage: initial?.MaxComissionPercentage ?? '30',
  RetroactiveDays: initial?.RetroactiveDays ?? 0,
  FutureDays: initial?.FutureDays ?? 0,
  MinPeriodInDays: initial?.MinPeriodInDays ?? 1,
  MaxPeriodInDays: initial?.MaxPeriodInDays ?? 1825,
  IsComplementary: initial?.IsComplementary ?? false,
  AutomaticCancel: initial?.AutomaticCancel ?? false,
  DaysAfterDueDate: initial?.DaysAfterDueDate ?? '',
  CanHaveBeneficiaryPF: initial?.CanHaveBeneficiaryPF ?? false,
  IsActive: initial?.IsActive ?? true,
});

export type ModalityFormProps = {
  initial?: ModalitySummary;
  groups: { value: string; label: string }[];
  busy?: boolean;
  submitLabel: string;
  onSubmit: (values: ModalityFormValues) => void;
  /** The save's refusal: field messages go to their fields, the rest above the button. */
  error?: Error | null;
};

/** Every limit of a modality (spec §9): insured values, approval limit, premium, days, cancel rule. */
export const ModalityForm = ({ initial, groups, busy, submitLabel, onSubmit, error }: ModalityFormProps) => {
  const form = useForm<Draft>({
    initialValues: draftOf(initial, groups),
    validate: contractResolver(modalityFormSchema, toBody),
  });
  const serverErrors = useServerErrors(form, error);
  const group = form.getValues().Group;

  return (
    <form onSubmit={form.onSubmit((draft) => onSubmit(toBody(draft)))} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Nome" required maxLength={120} {...form.getInputProps('Name')} />
          <TextInput label="Código SUSEP" maxLength={20} {...form.getInputProps('SusepCode')} />
          <Select
            label="Grupo"
            data={initial ? groups : [...groups, { value: NEW_GROUP, label: 'Novo grupo…' }]}
            {...form.getInputProps('Group')}
            allowDeselect={false}
          />
          {group === NEW_GROUP && (
            <TextInput
              label="Nome do novo grupo"
              maxLength={120}
              required
              {...form.getInputProps('NewModalityGroupName')}
            />
          )}
        </SimpleGrid>
        <Textarea label="Descrição" autosize minRows={2} {...form.getInputProps('Description')} />
        <Divider label="Valores" labelPosition="left" />
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          <MoneyInput
            label="Valor máximo da importância segurada"
            {...form.getInputProps('MaxInsuredAmountValue')}
          />
          <MoneyInput
            label="Valor mínimo da importância segurada"
            {...form.getInputProps('MinInsuredAmountValue')}
          />
          <MoneyInput
            label="Limite de aprovação automática"
            {...form.getInputProps('AutomaticApprovalLimit')}
          />
          <MoneyInput label="Prêmio mínimo" {...form.getInputProps('MinInsurancePremium')} />
          <PercentInput label="Taxa padrão (% a.a.)" {...form.getInputProps('DefaultRate')} />
          <PercentInput label="Comissão mínima" {...form.getInputProps('MinComissionPercentage')} />
          <PercentInput label="Comissão máxima" {...form.getInputProps('MaxComissionPercentage')} />
        </SimpleGrid>
        <Divider label="Prazos" labelPosition="left" />
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
          <NumberInput
            label="Dias de retroatividade"
            min={0}
            allowDecimal={false}
            {...form.getInputProps('RetroactiveDays')}
          />
          <NumberInput
            label="Dias futuros"
            min={0}
            allowDecimal={false}
            {...form.getInputProps('FutureDays')}
          />
          <NumberInput
            label="Prazo mínimo em dias"
            min={0}
            allowDecimal={false}
            {...form.getInputProps('MinPeriodInDays')}
          />
          <NumberInput
            label="Prazo máximo em dias"
            min={0}
            allowDecimal={false}
            {...form.getInputProps('MaxPeriodInDays')}
          />
        </SimpleGrid>
        <Divider label="Regras" labelPosition="left" />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Checkbox
            label="Modalidade complementar"
            {...form.getInputProps('IsComplementary', { type: 'checkbox' })}
          />
          <Checkbox
            label="Aceita beneficiário pessoa física"
            {...form.getInputProps('CanHaveBeneficiaryPF', { type: 'checkbox' })}
          />
          <Checkbox
            label="Cancelamento automático"
            {...form.getInputProps('AutomaticCancel', { type: 'checkbox' })}
          />
          <NumberInput
            label="Dias após o vencimento"
            description="Para o cancelamento automático"
            min={1}
            allowDecimal={false}
            {...form.getInputProps('DaysAfterDueDate')}
            disabled={!form.getValues().AutomaticCancel}
          />
          <Checkbox label="Ativa" {...form.getInputProps('IsActive', { type: 'checkbox' })} />
        </SimpleGrid>
        {serverErrors.length > 0 && <InlineAlert>{serverErrors.join('\n')}</InlineAlert>}
        <Group justify="flex-end">
          <Button type="submit" loading={busy}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
