import { Avatar, Group, Menu, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconArrowBackUp, IconChevronDown, IconKey, IconLogout, IconUser } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { OwnAccountDialog } from '../../features/auth/components/own-account-dialog.js';
import { openErrorFrom, openLoading } from '../../shared/ui/feedback-modals.js';
import { backToAdvisor, logout } from '../session/session.js';
import type { UserInfo } from '../session/user-info.js';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((p) => p[0]?.toUpperCase())
    .join('');

/** Header user area: name, company, own data and password, the way back to the advisor identity, logout. */
export const UserMenu = ({ user }: { user: UserInfo }) => {
  const navigate = useNavigate();
  const [account, setAccount] = useState<'perfil' | 'senha' | null>(null);
  const goBack = async () => {
    const close = openLoading();
    try {
      await backToAdvisor();
      close();
      await navigate('/redirect-to-home');
    } catch (e) {
      close();
      openErrorFrom(e);
    }
  };
  return (
    <Group gap="xs" wrap="nowrap">
      {user.Advisor && (
        <UnstyledButton
          onClick={goBack}
          visibleFrom="sm"
          px="sm"
          py={6}
          style={{ borderRadius: 8, border: '1px solid var(--mantine-color-gray-4)' }}
        >
          <Group gap={6} wrap="nowrap">
            <IconArrowBackUp size={18} aria-hidden />
            <Text size="sm">Voltar para assessor</Text>
          </Group>
        </UnstyledButton>
      )}
      <Menu position="bottom-end" width={240} withinPortal>
        <Menu.Target>
          <UnstyledButton aria-label={`Conta de ${user.Name}`} data-testid="user-menu">
            <Group gap="xs" wrap="nowrap">
              <Avatar color="brand" radius="xl" size={36}>
                {initials(user.Name)}
              </Avatar>
              <Stack gap={0} visibleFrom="sm" style={{ maxWidth: 220 }}>
                <Text size="sm" fw={600} truncate>
                  {user.Name}
                </Text>
                <Text size="xs" c="gray.7" truncate>
                  {user.CompanyName}
                </Text>
              </Stack>
              <IconChevronDown size={16} aria-hidden />
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>
            {user.Name}
            <br />
            {user.CompanyName}
          </Menu.Label>
          {user.Advisor && (
            <Menu.Item leftSection={<IconArrowBackUp size={16} aria-hidden />} onClick={goBack}>
              Voltar para assessor
            </Menu.Item>
          )}
          <Menu.Item leftSection={<IconUser size={16} aria-hidden />} onClick={() => setAccount('perfil')}>
            Meus dados
          </Menu.Item>
          {!user.Advisor && (
            <Menu.Item leftSection={<IconKey size={16} aria-hidden />} onClick={() => setAccount('senha')}>
              Alterar senha
            </Menu.Item>
          )}
          <Menu.Item leftSection={<IconLogout size={16} aria-hidden />} onClick={() => logout()}>
            Sair
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <OwnAccountDialog user={user} tab={account} onTab={setAccount} onClose={() => setAccount(null)} />
    </Group>
  );
};
