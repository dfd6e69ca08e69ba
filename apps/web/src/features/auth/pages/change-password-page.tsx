import {
  changeUserInfoPassword,
  validatePassword,
  validateUserInfoChangePasswordRequest,
} from '@aval/contracts';
import {
  Alert,
  Anchor,
  Button,
  Center,
  Loader,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconLinkOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { api } from '../../../app/api.js';
import { ApiError } from '../../../shared/api/client.js';
import { useContractMutation } from '../../../shared/api/use-contract-mutation.js';
import { InlineAlert } from '../../../shared/ui/inline-alert.js';
import { PublicHeading } from '../../../shared/ui/public-page.js';
import { authKeys } from '../api/auth-keys.js';
import { PasswordPolicy } from '../components/password-policy.js';

type Mode = 'recovery' | 'first-access';

const texts = {
  recovery: {
    title: 'Criar nova senha',
    intro: 'Escolha uma nova senha para entrar no portal.',
    submit: 'Alterar senha',
    done: 'Senha alterada com sucesso.',
  },
  'first-access': {
    title: 'Primeiro acesso',
    intro: 'Bem-vindo! Crie a senha que você usará para entrar no portal.',
    submit: 'Criar senha',
    done: 'Senha criada com sucesso.',
  },
} as const;

const LOGIN_REDIRECT_MS = 4000;

const InvalidLink = ({ mode }: { mode: Mode }) => (
  <Stack gap="md" data-testid="invalid-link">
    <Title order={1} size="h2">
      Link inválido ou expirado
    </Title>
    <Alert color="red" variant="light" icon={<IconLinkOff size={20} aria-hidden />} role="alert">
      <Text size="sm" c="black">
        {mode === 'first-access'
          ? 'Este link de primeiro acesso já foi usado, expirou (vale 7 dias) ou não existe.'
          : 'Este link de troca de senha já foi usado, expirou (vale 1 hora) ou não existe.'}
      </Text>
    </Alert>
    <Text size="sm" c="gray.8">
      Peça um novo link informando o seu e-mail. Se o problema continuar, procure o administrador do portal.
    </Text>
    <Button component={Link} to="/recuperacao-da-senha" fullWidth>
      Pedir um novo link
    </Button>
    <Anchor component={Link} to="/login" size="sm" ta="center">
      Voltar para o login
    </Anchor>
  </Stack>
);

const Done = ({ mode }: { mode: Mode }) => {
  const navigate = useNavigate();
  useEffect(() => {
    const id = setTimeout(() => navigate('/login', { replace: true }), LOGIN_REDIRECT_MS);
    return () => clearTimeout(id);
  }, [navigate]);
  return (
    <Stack gap="md" aria-live="polite" data-testid="password-changed">
      <Title order={1} size="h2">
        {texts[mode].done}
      </Title>
      <Alert color="green" variant="light" icon={<IconCircleCheck size={20} aria-hidden />}>
        <Text size="sm" c="black">
          Use a nova senha para entrar. Você será levado ao login em instantes.
        </Text>
      </Alert>
      <Button component={Link} to="/login" replace fullWidth>
        Ir para o login
      </Button>
    </Stack>
  );
};

const PasswordForm = ({ mode, token, username }: { mode: Mode; token: string; username: string }) => {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const change = useContractMutation(changeUserInfoPassword);

  if (change.isSuccess) return <Done mode={mode} />;
  const linkDied =
    change.error instanceof ApiError && change.error.status === 400 && /link/i.test(change.error.message);
  if (linkDied) return <InvalidLink mode={mode} />;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problems = validatePassword(password, { username });
    const next = {
      password: password
        ? problems.length
          ? 'A senha não atende a todas as regras.'
          : undefined
        : 'Informe a nova senha.',
      confirm: !confirm
        ? 'Confirme a nova senha.'
        : confirm !== password
          ? 'As senhas não conferem.'
          : undefined,
    };
    setErrors(next);
    if (next.password || next.confirm) return;
    change.mutate({ body: { UniqueId: token, Password: password, ConfirmPassword: confirm } });
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="password-title">
      <Stack gap="md">
        <PublicHeading id="password-title" title={texts[mode].title}>
          {texts[mode].intro}
        </PublicHeading>
        {change.isError && (
          <InlineAlert>
            {change.error instanceof ApiError && change.error.status < 500
              ? change.error.messages.join('\n')
              : 'Não foi possível salvar a senha agora. Tente novamente em instantes.'}
          </InlineAlert>
        )}
        <TextInput
          label="Usuário"
          name="username"
          autoComplete="username"
          value={username}
          readOnly
          variant="filled"
          data-testid="link-username"
        />
        <PasswordInput
          label="Nova senha"
          name="new-password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => {
            setPassword(e.currentTarget.value);
            setErrors((x) => ({ ...x, password: undefined }));
          }}
          error={errors.password}
          required
          maxLength={128}
          aria-describedby="password-policy-title"
        />
        <PasswordPolicy password={password} username={username} />
        <PasswordInput
          label="Confirme a nova senha"
          name="confirm-password"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => {
            setConfirm(e.currentTarget.value);
            setErrors((x) => ({ ...x, confirm: undefined }));
          }}
          error={errors.confirm}
          required
          maxLength={128}
        />
        <Button type="submit" loading={change.isPending} fullWidth size="md">
          {texts[mode].submit}
        </Button>
        <Anchor component={Link} to="/login" size="sm" ta="center">
          Voltar para o login
        </Anchor>
      </Stack>
    </form>
  );
};

const ChangePassword = ({ mode }: { mode: Mode }) => {
  const { token = '' } = useParams();
  const plausible = token.length >= 10 && token.length <= 200;
  const link = useQuery({
    queryKey: authKeys.link(token),
    queryFn: () => api.call(validateUserInfoChangePasswordRequest, { body: { UniqueId: token } }),
    enabled: plausible,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  if (!plausible) return <InvalidLink mode={mode} />;
  if (link.isPending)
    return (
      <Center py="xl" role="status" aria-live="polite">
        <Stack align="center" gap="xs">
          <Loader aria-hidden />
          <Text size="sm">Conferindo o link…</Text>
        </Stack>
      </Center>
    );
  if (link.isError) {
    const status = link.error instanceof ApiError ? link.error.status : 0;
    if (status === 400) return <InvalidLink mode={mode} />;
    return (
      <Stack gap="md">
        <Title order={1} size="h2">
          {texts[mode].title}
        </Title>
        <Alert color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden />} role="alert">
          <Text size="sm" c="black">
            Não foi possível conferir o link agora. Tente novamente em instantes.
          </Text>
        </Alert>
        <Button onClick={() => link.refetch()} fullWidth>
          Tentar novamente
        </Button>
      </Stack>
    );
  }
  if (!link.data.Valid || !link.data.Username) return <InvalidLink mode={mode} />;
  return <PasswordForm mode={mode} token={token} username={link.data.Username} />;
};

/** /alterar-senha/:token (link of the recovery e-mail). */
export const ChangePasswordPage = () => <ChangePassword mode="recovery" />;

/** /primeiro-acesso/:token (link of the new-user e-mail). */
export const FirstAccessPage = () => <ChangePassword mode="first-access" />;
