import { useUserInfo } from '../../app/session/use-user-info.js';
import { permissionsOf, type UserInfo } from '../../app/session/user-info.js';

/** Who may use a call: any one of `permissions` and one of `userTypes`. An endpoint descriptor fits. */
export type CallAccess = { permissions?: readonly number[]; userTypes?: readonly number[] };

/** The signed-in user as the API checks a call: the permission ids held and the user type. */
export type Caller = { permissions: ReadonlySet<number>; userType?: number };

export const callerOf = (user: Pick<UserInfo, 'Menus' | 'UserTypeId'> | undefined): Caller => ({
  permissions: permissionsOf(user),
  userType: user?.UserTypeId,
});

/**
 * Whether the API would let `user` make every one of `calls` (pass the endpoint descriptors): the
 * web offers an action only when this holds (architecture §4.5), the API refuses it with 403 else.
 */
export const mayCall = (user: Caller, ...calls: CallAccess[]): boolean =>
  calls.every(
    (rule) =>
      (!rule.permissions?.length || rule.permissions.some((p) => user.permissions.has(p))) &&
      (!rule.userTypes || (user.userType !== undefined && rule.userTypes.includes(user.userType))),
  );

/** `mayCall` for the signed-in user: `const may = useMayCall(); may(updateBroker)`. */
export const useMayCall = () => {
  const caller = callerOf(useUserInfo());
  return (...calls: CallAccess[]) => mayCall(caller, ...calls);
};
