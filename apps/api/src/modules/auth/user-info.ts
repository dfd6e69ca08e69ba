import type { UserInfo } from '@aval/contracts';
import { isInsurance, UserType } from '@aval/domain';
import { type PerUserCache, userKey } from '@aval/transport/access';
import type { AuthUser, Platform, UserContext } from '../../context.js';
import { notFound } from '../../lib/errors.js';
import * as users from '../users/index.js';

/**
 * GetUserInfo of a caller, kept per user (and advisor acting as it) on each instance: forgotten with
 * the user's access on every instance (a SaveUserInfo, grant, revoke, profile change, inactivation
 * notifies), served only for the very permission set it was built from (so menu and API agree
 * even if a notification were lost), and at most 5 s old (other changes, e.g. of the company name).
 */
type KeptUserInfo = { permissions: ReadonlySet<number>; info: UserInfo };
const userInfoCaches = new WeakMap<Platform, PerUserCache<KeptUserInfo>>();
const userInfoCache = (platform: Platform) => {
  let cache = userInfoCaches.get(platform);
  if (!cache) {
    cache = platform.access.perUser<KeptUserInfo>(5_000);
    userInfoCaches.set(platform, cache);
  }
  return cache;
};
const userInfoKey = (user: AuthUser) => `${userKey(user.companyId, user.userId)}${user.actorUserId ?? ''}`;

/** The caller's GetUserInfo from memory, if this instance keeps it (route option `fromMemory`). */
export const keptUserInfo = async (platform: Platform, user: AuthUser | undefined) => {
  if (!user) return undefined;
  const kept = await userInfoCache(platform).peek(userInfoKey(user));
  return kept && kept.permissions === user.permissions ? kept.info : undefined;
};

export const getUserInfo = async (ctx: UserContext) => {
  const info = await users.buildUserInfo(ctx, ctx.user.userId, ctx.user.actorUserId, ctx.user.permissions);
  userInfoCache(ctx.platform).keep(userInfoKey(ctx.user), { permissions: ctx.user.permissions, info });
  return info;
};

/**
 * Whom GetUserInfoByUniqueId answers for: the caller itself, users of the caller's own brokerage
 * (brokers and agents), any user for insurer staff (the call needs the user permissions).
 */
const maySeeUser = async (ctx: UserContext, u: users.UserWithPerson) => {
  if (u.user.id === ctx.user.userId || u.user.id === ctx.user.actorUserId) return true;
  if (isInsurance(ctx.user.userType)) return true;
  if (ctx.user.userType !== UserType.BROKER && ctx.user.userType !== UserType.AGENT) return false;
  const { brokerId } = await ctx.links();
  return brokerId !== undefined && u.user.brokerId === brokerId;
};

export const getUserInfoByUniqueId = async (ctx: UserContext, uniqueId: string) => {
  const u = await users.findUserByUniqueId(ctx, uniqueId);
  // Someone the caller may not see is answered as someone who does not exist.
  if (!u || !(await maySeeUser(ctx, u))) throw notFound('Usuário não encontrado.');
  return users.buildUserInfo(ctx, u.user.id);
};
