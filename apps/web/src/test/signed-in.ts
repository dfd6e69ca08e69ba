import type { UserInfo } from '@aval/contracts';
import { setUserInfo } from '../app/session/user-info.js';

/** A signed-in user of `userTypeId` holding `permissions` (one menu carrying them all). */
export const userWith = (userTypeId: number, permissions: readonly number[]): UserInfo =>
  ({
    UserId: 5,
    UserInfoId: 5,
    UserTypeId: userTypeId,
    Name: 'Usuária de teste',
    Menus: [
      {
        Id: 1,
        Name: 'Menu',
        Order: 1,
        Route: '/',
        MenuFuncionalities: permissions.map((Id) => ({ Id, Name: String(Id), RefUniqueId: null })),
      },
    ],
  }) as unknown as UserInfo;

/** Signs in (in the session's store) a user of `userTypeId` holding `permissions`. */
export const signInAs = (userTypeId: number, permissions: readonly number[]) =>
  setUserInfo(userWith(userTypeId, permissions));

/** Signs out (call it after each test that signed in). */
export const signOut = () => setUserInfo(undefined);
