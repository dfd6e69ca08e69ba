import {
  MenuId,
  type MenuItem,
  menuShownTo,
  Permission,
  type PermissionId,
  type UserInfo,
  UserType,
} from '@aval/contracts';
import { readJson, storageKeys, writeJson } from './session-storage.js';

export type { UserInfo };
export type UserMenu = MenuItem;
export type AdvisorIdentity = NonNullable<UserInfo['Advisor']>;

export { MenuId };

/** A user's permissions: the union of the ids of every menu functionality they hold. */
export const permissionsOf = (user: Pick<UserInfo, 'Menus'> | undefined): Set<number> => {
  const ids = new Set<number>();
  for (const menu of user?.Menus ?? []) for (const f of menu.MenuFuncionalities ?? []) ids.add(f.Id);
  return ids;
};

/** Spec §6: a route requires any one of its ids; an empty list means any signed-in user. */
export const hasAnyPermission = (
  user: Pick<UserInfo, 'Menus'> | undefined,
  required: readonly number[] | undefined,
): boolean => {
  if (!required || required.length === 0) return true;
  const held = permissionsOf(user);
  return required.some((id) => held.has(id));
};

/** The administrator rule of /contrato, /stepper, /upload: an insurer user who manages profiles. */
export const isAdministrator = (user: Pick<UserInfo, 'Menus' | 'UserTypeId'> | undefined): boolean =>
  user?.UserTypeId === UserType.INSURANCE && hasAnyPermission(user, [Permission.GERENCIAR_PERFIS]);

const has = (held: Set<number>, ...ids: PermissionId[]) => ids.some((id) => held.has(id));

/**
 * Where a side-menu item points (spec §2): proposals go to the insurer version with insurer
 * proposal permissions; brokers to the list, else the user's own broker data, else the advisor list.
 */
export const menuPath = (menu: UserMenu, held: Set<number>): string => {
  const P = Permission;
  if (menu.Id === MenuId.PROPOSTAS)
    return has(held, P.GERENCIAR_PROPOSTAS_SEGURADORA, P.VISUALIZAR_PROPOSTAS_SEGURADORA)
      ? '/propostas-seguradora'
      : '/propostas';
  if (menu.Id === MenuId.CORRETORES) {
    if (has(held, P.GERENCIAR_CORRETORES, P.VISUALIZAR_CORRETORES)) return '/corretores';
    if (has(held, P.GERENCIAR_CORRETORA, P.VISUALIZAR_CORRETORA)) return '/corretor';
    if (has(held, P.LISTAR_CORRETORES_ASSESSOR)) return '/corretor-assessoria';
  }
  const route = menu.Route?.trim() || '/';
  return route.startsWith('/') ? route : `/${route}`;
};

export type SideMenuItem = { id: number; label: string; path: string };

/**
 * The side menu in the server's order, each item pointing where the spec's rules say; a menu its
 * user type is not shown (its functionalities still count as permissions) is left out.
 */
export const sideMenuItems = (user: UserInfo | undefined): SideMenuItem[] => {
  const held = permissionsOf(user);
  return (user?.Menus ?? [])
    .filter((m) => menuShownTo(m.Id, user?.UserTypeId))
    .flatMap((m) => [
      { id: m.Id, label: m.Name, path: menuPath(m, held) },
      // The SRO registrations (issue 35) under Apólices, for the insurer staff who manage them.
      ...(m.Id === MenuId.APOLICES &&
      user?.UserTypeId === UserType.INSURANCE &&
      has(held, Permission.GERENCIAR_REGISTROS_SRO)
        ? [{ id: SRO_MENU_ITEM, label: 'Registros no SRO', path: '/apolices/sro' }]
        : []),
    ]);
};

/** The side-menu id of the SRO registrations (no server menu: an item under Apólices). */
export const SRO_MENU_ITEM = 1_006;

/** /redirect-to-home: the menu item equal to HomeMenuId, else the first; '/error-401' without menus. */
export const homePath = (user: UserInfo | undefined): string => {
  const items = sideMenuItems(user);
  const home = items.find((i) => i.id === user?.HomeMenuId) ?? items[0];
  return home?.path ?? '/error-401';
};

type Listener = () => void;
const listeners = new Set<Listener>();
let cached: UserInfo | undefined | null = null;

export const getUserInfo = (): UserInfo | undefined => {
  if (cached === null) cached = readJson<UserInfo>(storageKeys.userInfo);
  return cached;
};

export const setUserInfo = (user: UserInfo | undefined) => {
  cached = user;
  writeJson(storageKeys.userInfo, user);
  for (const l of listeners) l();
};

/** Forget the in-memory copy (after localStorage was cleared elsewhere). */
export const resetUserInfoCache = () => {
  cached = null;
  for (const l of listeners) l();
};

export const subscribeUserInfo = (listener: Listener) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};
