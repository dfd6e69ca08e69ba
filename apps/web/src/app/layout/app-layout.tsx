import { AppShell, Burger, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect } from 'react';
import { Navigate, Outlet } from 'react-router';
import { LOGIN_PATH } from '../navigation.js';
import { useUserInfo } from '../session/use-user-info.js';
import { Brand } from './brand.js';
import { MaintenanceBanner } from './maintenance-banner.js';
import { requestModalsHost } from './modals-host-state.js';
import { NotificationsHost } from './notifications-host.js';
import { PageHeader } from './page-header.js';
import { SideMenu } from './side-menu.js';
import { TermsGate } from './terms-gate.js';
import { useRouteMeta } from './use-route-meta.js';
import { UserMenu } from './user-menu.js';

/** The portal's frame: header, side menu, breadcrumb and title, the page, the terms gate. */
export const AppLayout = () => {
  const user = useUserInfo();
  const meta = useRouteMeta();
  const [opened, { toggle, close }] = useDisclosure();
  useEffect(() => {
    void requestModalsHost();
  }, []);
  if (!user) return <Navigate to={LOGIN_PATH} replace />;
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 260, breakpoint: 'md', collapsed: { mobile: !opened } }}
      padding={{ base: 'sm', sm: 'lg' }}
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="md"
              size="sm"
              aria-label={opened ? 'Fechar menu' : 'Abrir menu'}
            />
            <Brand />
          </Group>
          <UserMenu user={user} />
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" style={{ borderRight: '3px solid var(--mantine-color-line-6)' }}>
        <SideMenu user={user} onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main bg="gray.0">
        <MaintenanceBanner />
        {meta && <PageHeader meta={meta} userId={user.UserId} />}
        <Outlet />
      </AppShell.Main>
      <TermsGate userId={user.UserId} />
      <NotificationsHost />
    </AppShell>
  );
};
