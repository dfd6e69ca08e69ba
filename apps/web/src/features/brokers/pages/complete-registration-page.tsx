import { insertBroker, maskCnpj, validateBrokerRegistrationRequest } from '@aval/contracts';
import { Alert, Button, Group, Stack, Stepper, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { api } from '../../../app/api.js';
import { useContractMutation } from '../../../shared/api/use-contract-mutation.js';
import { useServerErrors } from '../../../shared/forms/contract-form.js';
import { InlineAlert } from '../../../shared/ui/inline-alert.js';
import { PublicHeading } from '../../../shared/ui/public-page.js';
import { LoadingState } from '../../../shared/ui/states.js';
import {
  BrokerForm,
  type BrokerFormErrors,
  type BrokerFormSection,
  brokerBodyOf,
  brokerServerFields,
  emptyBrokerForm,
  sectionOfField,
  validateBrokerForm,
} from '../components/broker-form.js';

const steps: { section: BrokerFormSection; label: string }[] = [
  { section: 'company', label: 'Corretora' },
  { section: 'address', label: 'Endereço' },
  { section: 'bank', label: 'Banco' },
  { section: 'people', label: 'Responsáveis' },
];

/** /completar-cadastro/:cnpj?token=...: the brokerage's data in four steps, then InsertBroker. */
export const CompleteRegistrationPage = () => {
  const { cnpj = '' } = useParams();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [active, setActive] = useState(0);
  const form = useForm({ initialValues: emptyBrokerForm });
  const link = useQuery({
    queryKey: ['broker-registration', cnpj, token],
    queryFn: () => api.call(validateBrokerRegistrationRequest, { query: { Cnpj: cnpj, Token: token } }),
    enabled: Boolean(token),
    retry: false,
  });
  const insert = useContractMutation(insertBroker);
  // Field messages also go on their fields; the alert keeps them all (their step may be behind).
  useServerErrors(form, insert.error, brokerServerFields);

  if (!token || link.isError) {
    return (
      <Stack gap="md">
        <Title order={1} size="h2">
          Link de cadastro inválido
        </Title>
        <InlineAlert>
          {link.error?.message ??
            'Este link não tem o código de cadastro. Abra o link recebido por e-mail ou solicite um novo.'}
        </InlineAlert>
        <Button component={Link} to="/iniciar-cadastro" fullWidth>
          Solicitar novo link
        </Button>
      </Stack>
    );
  }
  if (link.isPending) return <LoadingState label="Conferindo o link de cadastro…" />;

  if (insert.isSuccess) {
    return (
      <Stack gap="md" aria-live="polite">
        <Title order={1} size="h2">
          Cadastro enviado
        </Title>
        <Alert
          color="green"
          variant="light"
          icon={<IconCircleCheck size={20} aria-hidden />}
          data-testid="registration-done"
        >
          <Text size="sm" c="black">
            {insert.data.Message}
          </Text>
        </Alert>
        <Button component={Link} to="/login" fullWidth>
          Ir para o login
        </Button>
      </Stack>
    );
  }

  const current = steps[active]!;
  const stepErrors = (all: BrokerFormErrors, section: BrokerFormSection) =>
    Object.fromEntries(Object.entries(all).filter(([k]) => sectionOfField(k) === section));
  const next = () => {
    const value = form.getValues();
    const found = stepErrors(validateBrokerForm(value, false), current.section);
    form.setErrors(found);
    if (Object.keys(found).length) return;
    if (active < steps.length - 1) setActive(active + 1);
    else insert.mutate({ body: { Cnpj: cnpj, Token: token, ...brokerBodyOf(value, false) } });
  };

  return (
    <Stack gap="md">
      <PublicHeading title="Completar cadastro">
        CNPJ <strong>{maskCnpj(cnpj)}</strong>. Depois do envio, a seguradora analisa o cadastro; o
        administrador recebe por e-mail o acesso quando ele for aprovado.
      </PublicHeading>
      <Stepper
        active={active}
        size="xs"
        allowNextStepsSelect={false}
        onStepClick={(i) => i < active && setActive(i)}
      >
        {steps.map((s) => (
          <Stepper.Step key={s.section} label={s.label} />
        ))}
      </Stepper>
      {insert.isError && (
        <InlineAlert>
          {((insert.error as { messages?: string[] }).messages ?? [insert.error.message]).join('\n')}
        </InlineAlert>
      )}
      <BrokerForm sections={[current.section]} form={form} banks={link.data.Banks} />
      <Group justify="space-between">
        <Button variant="default" disabled={active === 0} onClick={() => setActive(active - 1)}>
          Voltar
        </Button>
        <Button onClick={next} loading={insert.isPending}>
          {active < steps.length - 1 ? 'Continuar' : 'Enviar cadastro'}
        </Button>
      </Group>
    </Stack>
  );
};
