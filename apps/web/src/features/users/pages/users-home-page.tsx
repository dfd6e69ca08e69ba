import { Permission as P } from '@aval/contracts';
import { Card, Group, SimpleGrid, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconChevronRight, IconShieldLock, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useUserInfo } from '../../../app/session/use-user-info.js';
import { hasAnyPermission } from '../../../app/session/user-info.js';

type HubCard = { to: string; title: string; description: string; icon: ReactNode; permissions: number[] };

const cards: HubCard[] = [
  {
    to: '/usuarios/listar',
    title: 'Usuários',
    description: 'Cadastre, edite, ative ou inative usuários e defina o perfil de cada um.',
    icon: <IconUsers size={28} />,
    permissions: [P.VISUALIZAR_USUARIOS, P.GERENCIAR_USUARIOS],
  },
  {
    to: '/usuarios/perfis',
    title: 'Perfis',
    description: 'Crie perfis por tipo de usuário e escolha as funcionalidades que cada perfil libera.',
    icon: <IconShieldLock size={28} />,
    permissions: [P.GERENCIAR_PERFIS],
  },
];

/** /usuarios: the way into the users list and the profiles. */
export const UsersHomePage = () => {
  const user = useUserInfo();
  const visible = cards.filter((c) => hasAnyPermission(user, c.permissions));
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" maw={900}>
      {visible.map((c) => (
        <UnstyledButton key={c.to} component={Link} to={c.to} aria-label={`${c.title}: ${c.description}`}>
          <Card withBorder radius="md" padding="lg" h="100%" className="hub-card">
            <Group wrap="nowrap" align="flex-start" gap="md">
              <ThemeIcon size={52} radius="md" variant="light" aria-hidden>
                {c.icon}
              </ThemeIcon>
              <div style={{ flex: 1 }}>
                <Text fw={700} size="lg">
                  {c.title}
                </Text>
                <Text size="sm" c="gray.7" mt={4}>
                  {c.description}
                </Text>
              </div>
              <IconChevronRight size={20} aria-hidden style={{ alignSelf: 'center' }} />
            </Group>
          </Card>
        </UnstyledButton>
      ))}
    </SimpleGrid>
  );
};
