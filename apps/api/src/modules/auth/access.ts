import type { PermissionId, UserTypeId } from '@aval/domain';
import { type AccessCaches, createAccessCaches, userKey } from '@aval/transport/access';
import type { PgListener } from '@aval/transport/listener';
import type { AuthUser, Platform } from '../../context.js';
import { type Db, withTenant } from '../../db/client.js';
import { unauthorized } from '../../lib/errors.js';
import { type AccessClaims, isPermission, isUserType } from '../../plugins/tokens.js';
import * as users from '../users/index.js';
import { endedSessions } from './tokens.service.js';

/** What a signed-in user may do now (read from the database, kept for a short while). */
export type AccessState = {
  active: boolean;
  userType: UserTypeId;
  profileUniqueId?: string;
  permissions: ReadonlySet<PermissionId>;
  /** Sessions (`sid`) ended recently: their access tokens no longer work. */
  endedSessions: ReadonlySet<string>;
};

/**
 * Per-request access of a bearer token: the token says who the caller is; what they may do comes
 * from the database on each request, through a small per-user cache dropped on every instance when
 * it changes (`createAccessCaches` of @aval/transport/access: a grant, a revoke, a profile change,
 * an inactivation or an ended session calls `changed` inside its transaction; NOTIFY at commit).
 */
export type AccessCache = Omit<AccessCaches, 'lookup'> & {
  /** The caller of verified claims as it is now; throws 401 when inactive, gone or its session ended. */
  resolve: (claims: AccessClaims) => Promise<AuthUser>;
  /**
   * `user` as the database holds it now, not as this instance keeps it (the kept state is read
   * again): for another service that heard of a change by NOTIFY, perhaps before this instance did.
   */
  reload: (user: AuthUser) => Promise<AuthUser>;
};

/** The access state of a `userKey` as the database holds it now (undefined: no such user). */
const loadAccessState =
  (db: Db) =>
  (key: string): Promise<AccessState | undefined> => {
    const [companyId, userId] = key.split(':').map(Number) as [number, number];
    return withTenant(db, companyId, async (tx) => {
      const row = await users.accessOf({ db: tx }, companyId, userId);
      if (!row || !isUserType(row.userTypeId)) return undefined;
      return {
        active: row.isActive,
        userType: row.userTypeId,
        profileUniqueId: row.profileUniqueId ?? undefined,
        permissions: new Set(row.permissions.filter(isPermission)),
        endedSessions: new Set(await endedSessions(tx, companyId, userId)),
      };
    });
  };

const ended = () => unauthorized('Sessão inválida ou expirada. Entre novamente.', 'session_ended');

/** The caller of verified claims from its (and its advisor's) access state; 401 when inactive or ended. */
const resolveCaller = async (
  stateOf: (companyId: number, userId: number) => Promise<AccessState | undefined>,
  claims: AccessClaims,
): Promise<AuthUser> => {
  const userId = Number(claims.sub);
  const actorUserId = claims.act ? Number(claims.act) : undefined;
  if (!Number.isSafeInteger(userId) || (actorUserId !== undefined && !Number.isSafeInteger(actorUserId)))
    throw ended();
  const [state, actor] = await Promise.all([
    stateOf(claims.cid, userId),
    actorUserId === undefined ? undefined : stateOf(claims.cid, actorUserId),
  ]);
  if (!state?.active || (claims.sid && state.endedSessions.has(claims.sid))) throw ended();
  if (actorUserId !== undefined && !actor?.active) throw ended();
  return {
    userId,
    companyId: claims.cid,
    userType: state.userType,
    profileId: state.profileUniqueId,
    permissions: state.permissions,
    actorUserId,
    sessionId: claims.sid,
  };
};

/** The access cache of one API instance over `db`, told of other instances' changes by `listener`. */
export const createAccessCache = (
  db: Db,
  listener: PgListener,
  options: { ttlSeconds: number; now?: () => number },
): AccessCache => {
  const { lookup, ...caches } = createAccessCaches(listener, options);
  const states = lookup(loadAccessState(db));
  const stateOf = (companyId: number, userId: number) => states(userKey(companyId, userId));
  return {
    ...caches,
    resolve: (claims) => resolveCaller(stateOf, claims),
    reload: (user) => {
      for (const id of [user.userId, user.actorUserId]) {
        if (id !== undefined) states.forget(userKey(user.companyId, id));
      }
      return resolveCaller(stateOf, {
        sub: String(user.userId),
        cid: user.companyId,
        utp: user.userType,
        prm: [],
        act: user.actorUserId === undefined ? undefined : String(user.actorUserId),
        sid: user.sessionId,
      });
    },
  };
};

/**
 * GetCurrentAccess: the caller as the database holds it now. Another service (the stand-alone
 * kanban) asks it when it heard of a change, perhaps before this instance did: never the kept state.
 */
export const currentAccess = async (ctx: { platform: Platform; user: AuthUser }) => {
  const user = await ctx.platform.access.reload(ctx.user);
  return {
    UserId: user.userId,
    UserTypeId: user.userType,
    Permissions: [...user.permissions].sort((a, b) => a - b),
  };
};
