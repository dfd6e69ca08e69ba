import { formatMoney, formatPercent, type ModalitySummary } from '@aval/contracts';
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
import { type FormEvent, useState } from 'react';
import {
  MoneyInput,
  PercentInput,
  parseMoney,
  parsePercent,
} from '../../../shared/ui/fields/masked-fields.js';

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
const money = (v: string | null | undefined) => (v ? formatMoney(v) : '');
const percent = (v: string | null | undefined) => (v ? formatPercent(v) : '');
const days = (v: string | number) => (typeof v === 'number' ? v : Number.parseInt(v || '0', 10) || 0);

export type ModalityFormProps = {
  initial?: ModalitySummary;
  groups: { value: string; label: string }[];
  busy?: boolean;
  submitLabel: string;
  onSubmit: (values: ModalityFormValues) => void;
};

/** Every limit of a modality (spec §9): insured values, approval limit, premium, days, cancel rule. */
export const ModalityForm = ({ initial, groups, busy, submitLabel, onSubmit }: ModalityFormProps) => {
  const [name, setName] = useState(initial?.Name ?? '');
  const [group, setGroup] = useState<string | null>(
    initial ? String(initial.ModalityGroupId) : (groups[0]?.value ?? NEW_GROUP),
  );
  const [newGroup, setNewGroup] = useState('');
  const [description, setDescription] = useState(initial?.Description ?? '');
  const [susep, setSusep] = useState(initial?.SusepCode ?? '');
  const [maxIs, setMaxIs] = useState(money(initial?.MaxInsuredAmountValue));
  const [minIs, setMinIs] = useState(money(initial?.MinInsuredAmountValue));
  const [autoLimit, setAutoLimit] = useState(money(initial?.AutomaticApprovalLimit));
  const [minPremium, setMinPremium] = useState(money(initial?.MinInsurancePremium ?? '0'));
  const [rate, setRate] = useState(percent(initial?.DefaultRate));
  const [minCommission, setMinCommission] = useState(percent(initial?.MinComissionPercentage ?? '0'));
  const [maxCommission, setMaxCommission] = useState(percent(initial?.MaxComissionPercentage ?? '30'));
  const [retro, setRetro] = useState<string | number>(initial?.RetroactiveDays ?? 0);
  const [future, setFuture] = useState<string | number>(initial?.FutureDays ?? 0);
  const [minDays, setMinDays] = useState<string | number>(initial?.MinPeriodInDays ?? 1);
  const [maxDays, setMaxDays] = useState<string | number>(initial?.MaxPeriodInDays ?? 1825);
  const [complementary, setComplementary] = useState(initial?.IsComplementary ?? false);
  const [autoCancel, setAutoCancel] = useState(initial?.AutomaticCancel ?? false);
  const [afterDue, setAfterDue] = useState<string | number>(initial?.DaysAfterDueDate ?? '');
  const [beneficiaryPf, setBeneficiaryPf] = useState(initial?.CanHaveBeneficiaryPF ?? false);
  const [active, setActive] = useState(initial?.IsActive ?? true);
  const [nameError, setNameError] = useState<string>();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) {
      setNameError('Informe o nome da modalidade.');
      return;
    }
    setNameError(undefined);
    onSubmit({
      Name: name.trim(),
      ModalityGroupId: group && group !== NEW_GROUP ? Number(group) : undefined,
      NewModalityGroupName: group === NEW_GROUP ? newGroup.trim() || undefined : undefined,
      Description: description.trim() || null,
      SusepCode: susep.trim() || null,
      MaxInsuredAmountValue: parseMoney(maxIs) ?? null,
      MinInsuredAmountValue: parseMoney(minIs) ?? null,
      AutomaticApprovalLimit: parseMoney(autoLimit) ?? null,
      MinInsurancePremium: parseMoney(minPremium) ?? '0',
      DefaultRate: parsePercent(rate) ?? null,
      MinComissionPercentage: parsePercent(minCommission) ?? '0',
      MaxComissionPercentage: parsePercent(maxCommission) ?? '0',
      RetroactiveDays: days(retro),
      FutureDays: days(future),
      MinPeriodInDays: days(minDays),
      MaxPeriodInDays: days(maxDays),
      IsComplementary: complementary,
      AutomaticCancel: autoCancel,
      DaysAfterDueDate: afterDue === '' ? null : days(afterDue),
      CanHaveBeneficiaryPF: beneficiaryPf,
      IsActive: active,
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Nome"
            required
            maxLength={120}
            value={name}
            error={nameError}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <TextInput
            label="Código SUSEP"
            maxLength={20}
            value={susep}
            onChange={(e) => setSusep(e.currentTarget.value)}
          />
          <Select
            label="Grupo"
            data={initial ? groups : [...groups, { value: NEW_GROUP, label: 'Novo grupo…' }]}
            value={group}
            onChange={setGroup}
            allowDeselect={false}
          />
          {group === NEW_GROUP && (
            <TextInput
              label="Nome do novo grupo"
              maxLength={120}
              value={newGroup}
              onChange={(e) => setNewGroup(e.currentTarget.value)}
            />
          )}
        </SimpleGrid>
        <Textarea
          label="Descrição"
          autosize
          minRows={2}
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
        />
        <Divider label="Valores" labelPosition="left" />
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          <MoneyInput label="Valor máximo da importância segurada" value={maxIs} onChange={setMaxIs} />
          <MoneyInput label="Valor mínimo da importância segurada" value={minIs} onChange={setMinIs} />
          <MoneyInput label="Limite de aprovação automática" value={autoLimit} onChange={setAutoLimit} />
          <MoneyInput label="Prêmio mínimo" value={minPremium} onChange={setMinPremium} />
          <PercentInput label="Taxa padrão (% a.a.)" value={rate} onChange={setRate} />
          <PercentInput label="Comissão mínima" value={minCommission} onChange={setMinCommission} />
          <PercentInput label="Comissão máxima" value={maxCommission} onChange={setMaxCommission} />
        </SimpleGrid>
        <Divider label="Prazos" labelPosition="left" />
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
          <NumberInput
            label="Dias de retroatividade"
            min={0}
            allowDecimal={false}
            value={retro}
            onChange={setRetro}
          />
          <NumberInput
            label="Dias futuros"
            min={0}
            allowDecimal={false}
            value={future}
            onChange={setFuture}
          />
          <NumberInput
            label="Prazo mínimo em dias"
            min={0}
            allowDecimal={false}
            value={minDays}
            onChange={setMinDays}
          />
          <NumberInput
            label="Prazo máximo em dias"
            min={0}
            allowDecimal={false}
            value={maxDays}
            onChange={setMaxDays}
          />
        </SimpleGrid>
        <Divider label="Regras" labelPosition="left" />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Checkbox
            label="Modalidade complementar"
            checked={complementary}
            onChange={(e) => setComplementary(e.currentTarget.checked)}
          />
          <Checkbox
            label="Aceita beneficiário pessoa física"
            checked={beneficiaryPf}
            onChange={(e) => setBeneficiaryPf(e.currentTarget.checked)}
          />
          <Checkbox
            label="Cancelamento automático"
            checked={autoCancel}
            onChange={(e) => setAutoCancel(e.currentTarget.checked)}
          />
          <NumberInput
            label="Dias após o vencimento"
            description="Para o cancelamento automático"
            min={1}
            allowDecimal={false}
            value={afterDue}
            onChange={setAfterDue}
            disabled={!autoCancel}
          />
          <Checkbox label="Ativa" checked={active} onChange={(e) => setActive(e.currentTarget.checked)} />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={busy}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
