import { requestRecoveryPassword, validateEmail } from '@aval/contracts';
import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../shared/api/client.js';
import { useContractMutation } from '../../../shared/api/use-contract-mutation.js';
import { InlineAlert } from '../../../shared/ui/inline-alert.js';
import { LinkSentNotice } from '../../../shared/ui/link-sent-notice.js';
import { PublicHeading } from '../../../shared/ui/public-page.js';

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
      <LinkSentNotice
        testId="recovery-confirmation"
        validity="1 hora"
        extra={
          <Anchor component="button" type="button" size="sm" onClick={() => request.reset()}>
            Enviar para outro e-mail
          </Anchor>
        }
      >
        {recoveryConfirmation}
      </LinkSentNotice>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby="recovery-title">
      <Stack gap="md">
        <PublicHeading id="recovery-title" title="Recuperação da senha">
          Informe o e-mail do seu usuário. Enviaremos um link para você criar uma nova senha.
        </PublicHeading>
        {request.isError && <InlineAlert>{messageOf(request.error)}</InlineAlert>}
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
