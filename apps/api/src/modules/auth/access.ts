import type { PermissionId, UserTypeId } from '@aval/domain';
import { type CachedLookup, cachedLookup } from '@aval/transport';
import { type ListenHandle, notify, type PgListener } from '@aval/transport/listener';
import type { AuthUser } from '../../context.js';
import { type Db, type DbOrTx, withTenant } from '../../db/client.js';
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
 * from the database on each request, through a small per-user cache. A grant, a revoke, a profile
 * change, an inactivation or an ended session calls `changed` inside its transaction: the entries
 * go at once on this instance and, through NOTIFY (delivered at commit), on every instance. A short
 * TTL bounds what a lost notification could leave, and nothing is cached while the LISTEN
 * connection is down.
 */
export type AccessCache = {
  /** The caller of verified claims as it is now; throws 401 when inactive, gone or its session ended. */
  resolve: (claims: AccessClaims) => Promise<AuthUser>;
  /** Access of `userIds` (or of every user of the company: a profile's functionalities) changed. */
  changed: (db: DbOrTx, companyId: number, userIds: readonly number[] | 'company') => Promise<void>;
  /**
   * A cache of something derived from one user (GetUserInfo), keyed by `userKey`, forgotten with
   * that user's access on every instance; `undefined` (not kept) while notifications are down.
   */
  perUser: <V>(ttlMs: number) => PerUserCache<V>;
  /** Subscribes to the changes of other instances (at start-up). */
  start: () => Promise<void>;
  close: () => Promise<void>;
};

export const ACCESS_CHANNEL = 'aval_access_changed';
const MAX_ENTRIES = 10_000;

/** Keys of one user (and what follows, e.g. the advisor acting as it) start with this. */
export const userKey = (companyId: number, userId: number) => `${companyId}:${userId}:`;

export type PerUserCache<V> = {
  /** The kept value, when notifications are live (else nothing is kept or served). */
  peek: (key: string) => Promise<V | undefined> | undefined;
  keep: (key: string, value: V) => void;
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
  const ttlMs = options.ttlSeconds * 1000;
  let handle: ListenHandle | undefined;

  const load = loadAccessState(db);

  // Unknown users are kept as long as known ones: a change of them notifies too.
  const cacheOptions = { ttlMs, missTtlMs: ttlMs, maxEntries: MAX_ENTRIES, now: options.now };
  const states = cachedLookup(load, cacheOptions);
  const caches: CachedLookup<string, unknown>[] = [states as CachedLookup<string, unknown>];

  /** `54:7` drops user 7 of company 54 (and what was derived from it), `54:*` all of company 54. */
  const forget = (payload: string) => {
    const [company, user] = payload.split(':');
    if (!company) return;
    const prefix = user && user !== '*' ? `${company}:${user}:` : `${company}:`;
    for (const c of caches) c.forget({ prefix });
  };
  const clear = () => {
    for (const c of caches) c.clear();
  };
  // Without notifications a cached answer could outlive a change: read every time.
  const caching = () => ttlMs > 0 && listener.live;

  const stateOf = (companyId: number, userId: number) => {
    const key = userKey(companyId, userId);
    return caching() ? states(key) : load(key);
  };

  const perUser = <V>(ttl: number): PerUserCache<V> => {
    const cache = cachedLookup<string, V>(async () => undefined, { ...cacheOptions, ttlMs: ttl });
    caches.push(cache as CachedLookup<string, unknown>);
    return {
      peek: (key) => (caching() ? cache.peek(key) : undefined),
      keep: (key, value) => {
        if (!caching()) return;
        cache.forget(key);
        void cache(key, async () => value);
      },
    };
  };

  return {
    resolve: (claims) => resolveCaller(stateOf, claims),

    perUser,
    changed: async (tx, companyId, userIds) => {
      const payloads = userIds === 'company' ? [`${companyId}:*`] : userIds.map((id) => `${companyId}:${id}`);
      for (const payload of payloads) {
        // Here at once (the next request reads the database again), elsewhere when this commits.
        forget(payload);
        await notify(tx, ACCESS_CHANNEL, payload);
      }
    },
    start: async () => {
      handle = await listener.listen(ACCESS_CHANNEL, forget, clear, clear);
    },
    close: async () => {
      clear();
      await handle?.close();
    },
  };
};
