import { maskCnpj, validateBrokerRegistrationRequest, validateCnpj, validateEmail } from '@aval/contracts';
import { Anchor, Button, Stack } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../shared/api/client.js';
import { useContractMutation } from '../../../shared/api/use-contract-mutation.js';
import { CnpjInput, EmailInput } from '../../../shared/ui/fields/masked-fields.js';
import { InlineAlert } from '../../../shared/ui/inline-alert.js';
import { LinkSentNotice } from '../../../shared/ui/link-sent-notice.js';
import { PublicHeading } from '../../../shared/ui/public-page.js';

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
      <LinkSentNotice testId="registration-sent" validity="7 dias">
        Enviamos para <strong>{request.data.Email}</strong> o link para completar o cadastro da corretora de
        CNPJ <strong>{request.data.Cnpj}</strong>.
      </LinkSentNotice>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby="start-registration-title">
      <Stack gap="md">
        <PublicHeading id="start-registration-title" title="Cadastro de corretora">
          Informe o CNPJ da corretora e o e-mail do administrador. Enviaremos um link para completar o
          cadastro.
        </PublicHeading>
        {request.isError && <InlineAlert>{messageOf(request.error)}</InlineAlert>}
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
