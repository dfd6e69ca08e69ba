import { maskCnpj, validateBrokerRegistrationRequest, validateCnpj, validateEmail } from '@aval/contracts';
import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconMailCheck } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../shared/api/client.js';
import { useContractMutation } from '../../../shared/api/use-contract-mutation.js';
import { CnpjInput, EmailInput } from '../../../shared/ui/fields/masked-fields.js';

const messageOf = (error: unknown) =>
  error instanceof ApiError && error.status > 0 && error.status < 500
    ? error.message
    : 'Não foi possível enviar o pedido agora. Tente novamente em instantes.';

/** /iniciar-cadastro: CNPJ and e-mail; the API e-mails the link to /completar-cadastro/{cnpj}. */
export const StartRegistrationPage = () => {
  const [cnpj, setCnpj] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<{ cnpj?: string; email?: string }>({});
  const request = useContractMutation(validateBrokerRegistrationRequest);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = {
      cnpj: cnpj ? validateCnpj(cnpj) : 'Informe o CNPJ.',
      email: email.trim() ? validateEmail(email.trim()) : 'Informe o e-mail.',
    };
    setErrors(next);
    if (next.cnpj || next.email) return;
    request.mutate({ query: { Cnpj: cnpj, Email: email.trim() } });
  };

  if (request.isSuccess) {
    return (
      <Stack gap="md" aria-live="polite">
        <Title order={1} size="h2">
          Verifique seu e-mail
        </Title>
        <Alert
          color="brand"
          variant="light"
          icon={<IconMailCheck size={20} aria-hidden />}
          data-testid="registration-sent"
        >
          <Text size="sm" c="black">
            Enviamos para <strong>{request.data.Email}</strong> o link para completar o cadastro da corretora
            de CNPJ <strong>{request.data.Cnpj}</strong>.
          </Text>
        </Alert>
        <Text size="sm" c="gray.7">
          O link vale por 7 dias e pode ser usado uma única vez. Confira também a caixa de spam.
        </Text>
        <Button component={Link} to="/login" fullWidth>
          Voltar para o login
        </Button>
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby="start-registration-title">
      <Stack gap="md">
        <div>
          <Title order={1} size="h2" id="start-registration-title">
            Cadastro de corretora
          </Title>
          <Text c="gray.7" size="sm" mt={4}>
            Informe o CNPJ da corretora e o e-mail do administrador. Enviaremos um link para completar o
            cadastro.
          </Text>
        </div>
        {request.isError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden />} role="alert">
            <Text size="sm" c="black">
              {messageOf(request.error)}
            </Text>
          </Alert>
        )}
        <CnpjInput
          label="CNPJ da corretora"
          required
          value={cnpj}
          error={errors.cnpj}
          onChange={(v) => {
            setCnpj(maskCnpj(v));
            setErrors((x) => ({ ...x, cnpj: undefined }));
          }}
        />
        <EmailInput
          label="E-mail"
          required
          autoComplete="email"
          value={email}
          error={errors.email}
          onChange={(v) => {
            setEmail(v);
            setErrors((x) => ({ ...x, email: undefined }));
          }}
        />
        <Button type="submit" loading={request.isPending} fullWidth size="md">
          Enviar link de cadastro
        </Button>
        <Anchor component={Link} to="/login" size="sm" ta="center">
          Já tenho acesso: entrar
        </Anchor>
      </Stack>
    </form>
  );
};
