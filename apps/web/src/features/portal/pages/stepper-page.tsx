import { formatMoney, isValidCpfCnpj } from '@aval/contracts';
import { Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { CollapsibleCard } from '../../../shared/ui/collapsible-card.js';
import { openSuccess } from '../../../shared/ui/feedback-modals.js';
import { CepInput, CpfCnpjInput, MoneyInput, PercentInput } from '../../../shared/ui/fields/masked-fields.js';
import { LabeledValue } from '../../../shared/ui/labeled-value.js';
import { stepsWithErrors, type WizardStepDef, WizardStepper } from '../../../shared/ui/wizard-stepper.js';

/** The kit's example wizard: four steps, each owning its fields. */
export const exampleSteps: readonly WizardStepDef[] = [
  { label: 'Parte', fields: ['Document', 'Name'] },
  { label: 'Endereço', fields: ['Cep', 'Number'] },
  { label: 'Valores', fields: ['Amount', 'Rate'] },
  { label: 'Revisão', fields: [] },
];

type Values = { Document: string; Name: string; Cep: string; Number: string; Amount: string; Rate: string };
const empty: Values = { Document: '', Name: '', Cep: '', Number: '', Amount: '', Rate: '' };

/** Field errors of the example (the portal's messages), by field; empty when valid. */
export const exampleErrors = (v: Values): Partial<Record<keyof Values, string>> => {
  const e: Partial<Record<keyof Values, string>> = {};
  const doc = v.Document.replace(/[^0-9A-Za-z]/g, '');
  if (!doc) e.Document = 'Campo obrigatório';
  else if (!isValidCpfCnpj(doc)) e.Document = 'CPF/CNPJ inválido';
  if (!v.Name.trim()) e.Name = 'Campo obrigatório';
  if (v.Cep.replace(/\D/g, '').length !== 8) e.Cep = 'CEP inválido';
  if (!v.Number.trim()) e.Number = 'Campo obrigatório';
  if (!v.Amount || Number(v.Amount) <= 0) e.Amount = 'Informe um valor maior que zero';
  if (!v.Rate) e.Rate = 'Campo obrigatório';
  return e;
};

/**
 * /stepper (administrator rule): the wizard stepper kit as the proposal wizard uses it, with an
 * example wizard: steps owning fields, "Pendente" and red for a step left with errors, going back
 * and forth by the stepper or the buttons, and the review at the end.
 */
export const StepperPage = () => {
  const [active, setActive] = useState(0);
  const [values, setValues] = useState<Values>(empty);
  const [touched, setTouched] = useState<Set<number>>(new Set());
  const errors = exampleErrors(values);
  const missing = Object.keys(errors);
  // A step shows its errors once the user left it (or tried to finish).
  const stepErrors = new Set([...stepsWithErrors(exampleSteps, missing)].filter((i) => touched.has(i)));
  const fieldError = (step: number, field: keyof Values) => (touched.has(step) ? errors[field] : undefined);
  const go = (n: number) => {
    setTouched(new Set([...touched, active]));
    setActive(n);
  };
  const set = (field: keyof Values) => (value: string) => setValues({ ...values, [field]: value });
  const last = exampleSteps.length - 1;

  return (
    <Stack gap="lg">
      <CollapsibleCard title="Assistente em etapas">
        <Text size="sm" c="gray.8" mb="md">
          Cada etapa é dona dos seus campos: uma etapa deixada com campos pendentes mostra "Pendente" e fica
          em vermelho. Navegue pelos botões ou clicando nas etapas.
        </Text>
        <WizardStepper
          steps={exampleSteps}
          active={active}
          errors={stepErrors}
          onStepClick={go}
          aria-label="Etapas do exemplo"
        />
      </CollapsibleCard>
      <Card withBorder radius="md" padding="lg" component="section" aria-label={exampleSteps[active]!.label}>
        <Title order={2} size="h4" mb="md">
          {exampleSteps[active]!.label}
        </Title>
        {active === 0 && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <CpfCnpjInput
              label="CPF/CNPJ"
              required
              value={values.Document}
              onChange={set('Document')}
              error={fieldError(0, 'Document')}
            />
            <TextInput
              label="Nome ou razão social"
              required
              value={values.Name}
              onChange={(e) => set('Name')(e.currentTarget.value)}
              error={fieldError(0, 'Name')}
            />
          </SimpleGrid>
        )}
        {active === 1 && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <CepInput
              label="CEP"
              required
              value={values.Cep}
              onChange={set('Cep')}
              error={fieldError(1, 'Cep')}
            />
            <TextInput
              label="Número"
              required
              value={values.Number}
              onChange={(e) => set('Number')(e.currentTarget.value)}
              error={fieldError(1, 'Number')}
            />
          </SimpleGrid>
        )}
        {active === 2 && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <MoneyInput
              label="Valor"
              required
              value={values.Amount}
              onChange={set('Amount')}
              error={fieldError(2, 'Amount')}
            />
            <PercentInput
              label="Taxa"
              required
              value={values.Rate}
              onChange={set('Rate')}
              error={fieldError(2, 'Rate')}
            />
          </SimpleGrid>
        )}
        {active === 3 && (
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <LabeledValue label="Parte" value={values.Name || '—'} />
            <LabeledValue label="CPF/CNPJ" value={values.Document || '—'} />
            <LabeledValue
              label="CEP"
              value={values.Cep ? `${values.Cep}, nº ${values.Number || '—'}` : '—'}
            />
            <LabeledValue label="Valor" value={values.Amount ? formatMoney(values.Amount) : '—'} />
            <LabeledValue label="Taxa" value={values.Rate ? `${values.Rate.replace('.', ',')}%` : '—'} />
          </SimpleGrid>
        )}
        <Group justify="space-between" mt="lg">
          <Button
            variant="default"
            disabled={active === 0}
            onClick={() => go(active - 1)}
            leftSection={<IconArrowLeft size={16} aria-hidden />}
          >
            Voltar
          </Button>
          {active < last ? (
            <Button onClick={() => go(active + 1)} rightSection={<IconArrowRight size={16} aria-hidden />}>
              Continuar
            </Button>
          ) : (
            <Button
              leftSection={<IconCheck size={16} aria-hidden />}
              onClick={() => {
                setTouched(new Set(exampleSteps.map((_, i) => i)));
                if (missing.length === 0) openSuccess('Exemplo concluído: todas as etapas estão completas.');
              }}
            >
              Concluir
            </Button>
          )}
        </Group>
      </Card>
    </Stack>
  );
};
