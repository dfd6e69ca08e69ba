import type { MenuItem } from '@aval/contracts';
import { describe, expect, it } from 'vitest';
import {
  hasAnyPermission,
  homePath,
  isAdministrator,
  menuPath,
  permissionsOf,
  sideMenuItems,
  type UserInfo,
} from './user-info.js';

const menu = (Id: number, Route: string, perms: number[]): MenuItem => ({
  Id,
  Name: `Menu ${Id}`,
  Order: Id,
  Route,
  MenuFuncionalities: perms.map((p) => ({ Id: p, Name: `F${p}`, RefUniqueId: null })),
});

const user = (menus: MenuItem[], extra: Partial<UserInfo> = {}) =>
  ({
    UserId: 1,
    UserTypeId: 1,
    Name: 'X',
    Menus: menus,
    HomeMenuId: null,
    Advisor: null,
    ...extra,
  }) as UserInfo;

describe('permissions', () => {
  it('should hold the union of the menu functionalities', () => {
    expect([...permissionsOf(user([menu(1, '/kanban', [1, 34]), menu(2, '/tomadores', [14])]))]).toEqual([
      1, 34, 14,
    ]);
  });
  it('should accept any one of the required ids and an empty list', () => {
    const u = user([menu(2, '/tomadores', [14])]);
    expect(hasAnyPermission(u, [13, 14])).toBe(true);
    expect(hasAnyPermission(u, [13])).toBe(false);
    expect(hasAnyPermission(u, [])).toBe(true);
  });
  it('should apply the administrator rule only to insurer users managing profiles', () => {
    expect(isAdministrator(user([menu(3, '/usuarios', [10])]))).toBe(true);
    expect(isAdministrator(user([menu(3, '/usuarios', [10])], { UserTypeId: 2 }))).toBe(false);
    expect(isAdministrator(user([menu(3, '/usuarios', [8])]))).toBe(false);
  });
});

describe('side menu', () => {
  it('should point proposals to the insurer version when the user holds 31 or 32', () => {
    expect(menuPath(menu(7, '/propostas', [32]), new Set([32]))).toBe('/propostas-seguradora');
    expect(menuPath(menu(7, '/propostas', [6, 7]), new Set([6, 7]))).toBe('/propostas');
  });
  it('should point brokers to the list, else own broker data, else the advisor list', () => {
    expect(menuPath(menu(9, '/corretores', []), new Set([22]))).toBe('/corretores');
    expect(menuPath(menu(9, '/corretores', []), new Set([28]))).toBe('/corretor');
    expect(menuPath(menu(9, '/corretores', []), new Set([33]))).toBe('/corretor-assessoria');
  });
  it('should leave out a menu the user type is not shown, keeping its functionalities as permissions', () => {
    const broker = user([menu(10, '/documentos', [44]), menu(7, '/propostas', [6])], { UserTypeId: 2 });
    expect(sideMenuItems(broker).map((i) => i.path)).toEqual(['/propostas']);
    expect(homePath(broker)).toBe('/propostas');
    expect(hasAnyPermission(broker, [44])).toBe(true);
    const staff = user([menu(10, '/documentos', [44])], { UserTypeId: 1 });
    expect(sideMenuItems(staff).map((i) => i.path)).toEqual(['/documentos']);
  });
  it('should keep the server order', () => {
    const items = sideMenuItems(user([menu(9, '/corretores', [21]), menu(1, '/kanban', [1])]));
    expect(items.map((i) => i.id)).toEqual([9, 1]);
  });
});

describe('homePath', () => {
  it('should pick the menu equal to HomeMenuId', () => {
    expect(homePath(user([menu(1, '/kanban', [1]), menu(7, '/propostas', [7])], { HomeMenuId: 7 }))).toBe(
      '/propostas',
    );
  });
  it('should fall back to the first menu item', () => {
    expect(homePath(user([menu(1, '/kanban', [1]), menu(7, '/propostas', [7])], { HomeMenuId: 99 }))).toBe(
      '/kanban',
    );
  });
  it('should land on Início (menu 11, no functionalities) when it is the HomeMenuId, else on the explicit one', () => {
    const menus = [menu(11, '/inicio', []), menu(1, '/kanban', [1]), menu(7, '/propostas', [7])];
    expect(homePath(user(menus, { HomeMenuId: 11 }))).toBe('/inicio');
    expect(homePath(user(menus, { HomeMenuId: 7 }))).toBe('/propostas');
    // A company that hides Início: the first menu the user has.
    expect(homePath(user(menus.slice(1), { HomeMenuId: 11 }))).toBe('/kanban');
  });
  it('should deny access when the user has no menus', () => {
    expect(homePath(user([]))).toBe('/error-401');
  });
});
