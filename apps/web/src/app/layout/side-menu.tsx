import { NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import {
  IconBuildingStore,
  IconChartBar,
  IconCloudUpload,
  IconFileCertificate,
  IconFileDescription,
  IconFolder,
  IconHome,
  IconLayoutKanban,
  IconPoint,
  IconSettings,
  IconShieldCheck,
  IconStar,
  IconUserShield,
  IconUsers,
} from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { MenuId, SRO_MENU_ITEM, sideMenuItems, type UserInfo } from '../session/user-info.js';
import { useStarredPages } from './starred-pages.js';

const icons: Record<number, typeof IconPoint> = {
  [MenuId.ESTEIRAS]: IconLayoutKanban,
  [MenuId.TOMADORES]: IconBuildingStore,
  [MenuId.USUARIOS]: IconUsers,
  [MenuId.SEGURADOS]: IconShieldCheck,
  [MenuId.PARAMETRIZACAO]: IconSettings,
  [MenuId.APOLICES]: IconFileCertificate,
  [MenuId.PROPOSTAS]: IconFileDescription,
  [MenuId.BI]: IconChartBar,
  [MenuId.CORRETORES]: IconUserShield,
  [MenuId.DOCUMENTOS]: IconFolder,
  [MenuId.INICIO]: IconHome,
  // Registering with the SRO: sending the policies to the registradora.
  [SRO_MENU_ITEM]: IconCloudUpload,
};

const isActive = (pathname: string, path: string) => pathname === path || pathname.startsWith(`${path}/`);

/** Side menu: the user's menus in the server's order, then the starred pages. */
export const SideMenu = ({ user, onNavigate }: { user: UserInfo | undefined; onNavigate?: () => void }) => {
  const { pathname } = useLocation();
  const items = sideMenuItems(user);
  const { pages } = useStarredPages(user?.UserId);
  return (
    <ScrollArea style={{ flex: 1 }} type="auto">
      <nav aria-label="Menu principal">
        <Stack gap={2}>
          {items.map((item) => {
            const Icon = icons[item.id] ?? IconPoint;
            return (
              <NavLink
                key={item.id}
                component={Link}
                to={item.path}
                label={item.label}
                leftSection={<Icon size={20} stroke={1.6} aria-hidden />}
                active={isActive(pathname, item.path)}
                onClick={onNavigate}
                variant="filled"
              />
            );
          })}
        </Stack>
      </nav>
      {pages.length > 0 && (
        <nav aria-label="Páginas favoritas">
          <Text size="xs" fw={600} c="gray.7" tt="uppercase" mt="lg" mb={4} px="sm">
            Favoritos
          </Text>
          <Stack gap={2}>
            {pages.map((p) => (
              <NavLink
                key={p.path}
                component={Link}
                to={p.path}
                label={p.title}
                leftSection={<IconStar size={16} aria-hidden />}
                active={pathname === p.path}
                onClick={onNavigate}
                variant="light"
              />
            ))}
          </Stack>
        </nav>
      )}
    </ScrollArea>
  );
};
