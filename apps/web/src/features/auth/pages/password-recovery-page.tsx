import { requestRecoveryPassword, validateEmail } from '@aval/contracts';
import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconMailCheck } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../shared/api/client.js';
import { useContractMutation } from '../../../shared/api/use-contract-mutation.js';

/** The neutral answer: the same whether or not the e-mail belongs to a user. */
export const recoveryConfirmation =
  'Se o e-mail estiver cadastrado, você receberá um link para criar uma nova senha.';

const messageOf = (error: unknown) =>
  error instanceof ApiError && error.status > 0 && error.status < 500 && error.status !== 429
    ? error.message
    : 'Não foi possível enviar o pedido agora. Tente novamente em instantes.';

/** /recuperacao-da-senha: asks for a password-change link by e-mail. */
export const PasswordRecoveryPage = () => {
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const request = useContractMutation(requestRecoveryPassword);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = email.trim();
    const parsed = requestRecoveryPassword.body.safeParse({ Email: value });
    const problem = parsed.success ? validateEmail(value) : parsed.error.issues[0]?.message;
    setFieldError(problem);
    if (problem) return;
    request.mutate({ body: { Email: value } });
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
          data-testid="recovery-confirmation"
        >
          <Text size="sm" c="black">
            {recoveryConfirmation}
          </Text>
        </Alert>
        <Text size="sm" c="gray.7">
          O link vale por 1 hora e pode ser usado uma única vez. Confira também a caixa de spam.
        </Text>
        <Button component={Link} to="/login" fullWidth>
          Voltar para o login
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={() => request.reset()}>
          Enviar para outro e-mail
        </Anchor>
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby="recovery-title">
      <Stack gap="md">
        <div>
          <Title order={1} size="h2" id="recovery-title">
            Recuperação da senha
          </Title>
          <Text c="gray.7" size="sm" mt={4}>
            Informe o e-mail do seu usuário. Enviaremos um link para você criar uma nova senha.
          </Text>
        </div>
        {request.isError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden />} role="alert">
            <Text size="sm" c="black">
              {messageOf(request.error)}
            </Text>
          </Alert>
        )}
        <TextInput
          label="E-mail"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={(e) => {
            setEmail(e.currentTarget.value);
            if (fieldError) setFieldError(undefined);
          }}
          error={fieldError}
          required
          maxLength={254}
        />
        <Button type="submit" loading={request.isPending} fullWidth size="md">
          Enviar link
        </Button>
        <Anchor component={Link} to="/login" size="sm" ta="center">
          Voltar para o login
        </Anchor>
      </Stack>
    </form>
  );
};
