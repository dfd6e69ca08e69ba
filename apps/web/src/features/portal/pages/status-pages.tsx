import { formatDateTime } from '@aval/contracts';
import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBarrierBlock, IconLock, IconMapOff, IconTool } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { getApplicationConfig } from '../../../app/config/portal-config.js';
import { getAccessToken } from '../../../app/session/session-storage.js';

type StatusProps = { code?: string; icon: ReactNode; title: string; children: ReactNode; action?: ReactNode };

const StatusPage = ({ code, icon, title, children, action }: StatusProps) => (
  <Stack align="center" ta="center" gap="sm">
    <ThemeIcon size={72} radius="xl" variant="light" color="brand" aria-hidden>
      {icon}
    </ThemeIcon>
    {code && (
      <Text fw={600} c="gray.7" size="sm">
        Erro {code}
      </Text>
    )}
    <Title order={1} size="h2">
      {title}
    </Title>
    {children}
    {action}
  </Stack>
);

const HomeButton = () =>
  getAccessToken() ? (
    <Button component={Link} to="/redirect-to-home" mt="sm">
      Ir para o início
    </Button>
  ) : (
    <Button component={Link} to="/login" mt="sm">
      Ir para o login
    </Button>
  );

export const AccessDeniedPage = () => (
  <StatusPage code="401" icon={<IconBarrierBlock size={40} />} title="Acesso negado" action={<HomeButton />}>
    <Text>Você não tem permissão para acessar esta página.</Text>
  </StatusPage>
);

export const NotFoundPage = () => (
  <StatusPage
    code="404"
    icon={<IconMapOff size={40} />}
    title="Página não encontrada"
    action={<HomeButton />}
  >
    <Text>O endereço acessado não existe ou foi removido.</Text>
  </StatusPage>
);

export const MaintenancePage = () => {
  const config = getApplicationConfig();
  return (
    <StatusPage code="503" icon={<IconTool size={40} />} title="Portal em manutenção">
      <Text>
        {config?.maintenanceMessage?.trim() ||
          'Estamos realizando uma manutenção programada. Tente novamente em alguns instantes.'}
      </Text>
      {!config?.maintenance && (
        <Button component={Link} to="/redirect-to-home" mt="sm">
          Tentar novamente
        </Button>
      )}
    </StatusPage>
  );
};

export const LockedPage = () => {
  const [params] = useSearchParams();
  const until = params.get('ate');
  const date = until ? new Date(until) : undefined;
  return (
    <StatusPage
      icon={<IconLock size={40} />}
      title="Acesso bloqueado"
      action={
        <Button component={Link} to="/login" mt="sm">
          Voltar ao login
        </Button>
      }
    >
      <Text>Sua conta foi bloqueada temporariamente após várias tentativas de acesso sem sucesso.</Text>
      {date && !Number.isNaN(date.getTime()) && (
        <Text fw={600} data-testid="locked-until">
          Tente novamente após {formatDateTime(date)}.
        </Text>
      )}
      <Text size="sm" c="gray.7">
        Se esqueceu a senha, use a opção "Esqueci minha senha" na tela de login.
      </Text>
    </StatusPage>
  );
};
