import { changeOwnPassword, userTypeLabels, validatePassword } from '@aval/contracts';
import { Alert, Button, Group, PasswordInput, Stack, Tabs, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { logout } from '../../../app/session/session.js';
import type { UserInfo } from '../../../app/session/user-info.js';
import { ApiError } from '../../../shared/api/client.js';
import { useContractMutation } from '../../../shared/api/use-contract-mutation.js';
import { openSuccess } from '../../../shared/ui/feedback-modals.js';
import { LabeledValue } from '../../../shared/ui/labeled-value.js';
import { Popup } from '../../../shared/ui/popup.js';
import { PasswordPolicy } from './password-policy.js';

type Errors = { current?: string; password?: string; confirm?: string };

/** Current password, new one with the recovery checklist, confirmation. Success ends the session. */
const ChangeOwnPasswordForm = ({ username, onCancel }: { username: string; onCancel: () => void }) => {
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const change = useContractMutation(changeOwnPassword, {
    onSuccess: async () => {
      openSuccess('Senha alterada. Entre novamente com a nova senha.');
      await logout();
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: Errors = {
      current: current ? undefined : 'Informe a senha atual.',
      password: !password
        ? 'Informe a nova senha.'
        : validatePassword(password, { username }).length
          ? 'A senha não atende a todas as regras.'
          : password === current
            ? 'A nova senha deve ser diferente da senha atual.'
            : undefined,
      confirm: !confirm
        ? 'Confirme a nova senha.'
        : confirm !== password
          ? 'As senhas não conferem.'
          : undefined,
    };
    setErrors(next);
    if (next.current || next.password || next.confirm) return;
    change.mutate({ body: { CurrentPassword: current, Password: password, ConfirmPassword: confirm } });
  };
  const serverError =
    change.error instanceof ApiError && change.error.status < 500
      ? change.error.messages.join('\n')
      : change.isError
        ? 'Não foi possível trocar a senha agora. Tente novamente em instantes.'
        : undefined;
  return (
    <form onSubmit={submit} noValidate aria-label="Alterar senha">
      <Stack gap="sm">
        {serverError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden />} role="alert">
            <Text size="sm" c="black" style={{ whiteSpace: 'pre-line' }}>
              {serverError}
            </Text>
          </Alert>
        )}
        <PasswordInput
          label="Senha atual"
          autoComplete="current-password"
          value={current}
          error={errors.current}
          onChange={(e) => setCurrent(e.currentTarget.value)}
        />
        <PasswordInput
          label="Nova senha"
          autoComplete="new-password"
          value={password}
          error={errors.password}
          onChange={(e) => setPassword(e.currentTarget.value)}
        />
        <PasswordPolicy password={password} username={username} />
        <PasswordInput
          label="Confirmar nova senha"
          autoComplete="new-password"
          value={confirm}
          error={errors.confirm}
          onChange={(e) => setConfirm(e.currentTarget.value)}
        />
        <Text size="xs" c="gray.7">
          Ao trocar a senha, todas as suas sessões são encerradas e você entra de novo com a nova senha.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancelar
          </Button>
          <Button type="submit" loading={change.isPending}>
            Alterar senha
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

/** "Minha conta": the user's own data and the password change. */
export const OwnAccountDialog = ({
  user,
  tab,
  onTab,
  onClose,
}: {
  user: UserInfo;
  tab: 'perfil' | 'senha' | null;
  onTab: (tab: 'perfil' | 'senha') => void;
  onClose: () => void;
}) => (
  <Popup opened={tab !== null} onClose={onClose} title="Minha conta" size="md">
    <Tabs value={tab} onChange={(v) => v && onTab(v as 'perfil' | 'senha')} keepMounted={false}>
      <Tabs.List mb="md">
        <Tabs.Tab value="perfil">Meus dados</Tabs.Tab>
        <Tabs.Tab value="senha" disabled={Boolean(user.Advisor)}>
          Alterar senha
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="perfil">
        <Stack gap="sm">
          <LabeledValue label="Nome" value={user.Name} />
          <LabeledValue label="Usuário" value={user.Username} />
          <LabeledValue label="E-mail" value={user.Email} />
          <LabeledValue
            label="Tipo de usuário"
            value={userTypeLabels[user.UserTypeId as keyof typeof userTypeLabels] ?? '—'}
          />
          <LabeledValue label="Empresa" value={user.CompanyName} />
          <LabeledValue
            label="Acessos"
            value={user.Menus.map((m) => m.Name).join(', ') || 'Nenhum menu liberado'}
          />
          {user.Advisor && (
            <Text size="sm" c="gray.7">
              Você está atuando como corretor. Volte para o assessor para trocar a sua senha.
            </Text>
          )}
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value="senha">
        <ChangeOwnPasswordForm username={user.Username} onCancel={onClose} />
      </Tabs.Panel>
    </Tabs>
  </Popup>
);
