import { Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { getApplicationConfig } from '../../../app/config/portal-config.js';
import { safeRedirect } from '../../../app/navigation.js';
import { signIn } from '../../../app/session/session.js';
import { ApiError } from '../../../shared/api/client.js';
import { InlineAlert } from '../../../shared/ui/inline-alert.js';
import { PublicHeading } from '../../../shared/ui/public-page.js';

type LoginFormProps = { advisor?: boolean };

const LoginForm = ({ advisor = false }: LoginFormProps) => {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ username?: string; password?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const config = getApplicationConfig();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next = {
      username: username.trim() ? undefined : 'Informe o usuário ou e-mail.',
      password: password ? undefined : 'Informe a senha.',
    };
    setErrors(next);
    if (next.username || next.password) return;
    setBusy(true);
    try {
      await signIn(username.trim(), password);
      // Back to the protected page that sent the visitor here (same-origin paths only).
      await navigate(safeRedirect(params.get('redirect')) ?? '/redirect-to-home', { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.lockedUntil) {
        await navigate(`/locked?ate=${encodeURIComponent(error.lockedUntil)}`);
        return;
      }
      setErrors({
        form:
          error instanceof ApiError && error.status > 0 && error.status < 500
            ? error.message
            : 'Não foi possível entrar agora. Tente novamente em instantes.',
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="login-title">
      <Stack gap="md">
        <PublicHeading id="login-title" title={advisor ? 'Acesso do assessor' : 'Entrar'}>
          {config ? `Portal ${config.companyName}` : 'Portal de seguro garantia'}
        </PublicHeading>
        {!config && (
          <InlineAlert tone="warning" title="Atenção!">
            Nenhuma seguradora está configurada para o endereço {window.location.hostname}.
          </InlineAlert>
        )}
        {errors.form && <InlineAlert data-testid="login-error">{errors.form}</InlineAlert>}
        <TextInput
          label="Usuário ou e-mail"
          name="username"
          autoComplete="username"
          value={username}
          onChange={(e) => setUsername(e.currentTarget.value)}
          error={errors.username}
          required
          maxLength={254}
        />
        <PasswordInput
          label="Senha"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={errors.password}
          required
          maxLength={128}
        />
        <Button type="submit" loading={busy} fullWidth size="md">
          Entrar
        </Button>
        <Stack gap={4} align="center">
          <Anchor component={Link} to="/recuperacao-da-senha" size="sm">
            Esqueci minha senha
          </Anchor>
          {advisor ? (
            <Anchor component={Link} to="/login" size="sm">
              Não é assessor? Acesse aqui
            </Anchor>
          ) : (
            <Anchor component={Link} to="/iniciar-cadastro" size="sm">
              Quero cadastrar minha corretora
            </Anchor>
          )}
        </Stack>
      </Stack>
    </form>
  );
};

/** /login/:companyDns? */
export const LoginPage = () => <LoginForm />;

/** /login/:companyDns?/assessor */
export const AdvisorLoginPage = () => <LoginForm advisor />;
