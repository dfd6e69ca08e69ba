import { type CachedLookup, cachedLookup } from './company-cache.js';
import { type ListenHandle, notify, type PgListener } from './listener.js';

/**
 * Users' access kept in memory by each service (the API reads it from its tables, the stand-alone
 * kanban service asks the API), dropped on every instance when it changes: a grant, a revoke, a
 * profile change, an inactivation or an ended session calls `changed` inside its transaction; the
 * entries go at once on that instance and, through NOTIFY on `ACCESS_CHANNEL` (delivered at
 * commit), on every instance of every service. A TTL bounds what a lost notification could leave,
 * and nothing is kept while the LISTEN connection is down (or when there is none).
 */
export const ACCESS_CHANNEL = 'aval_access_changed';

/** Keys of one user (and what follows: a session, the advisor acting as it) start with this. */
export const userKey = (companyId: number, userId: number) => `${companyId}:${userId}:`;

/**
 * A change heard from another instance (or this one, at commit): one user's, every user's of a
 * company (no `userId`: a profile's functionalities), or perhaps anyone's (undefined: the LISTEN
 * connection was re-established and notifications may have been lost).
 */
export type AccessChange = { companyId: number; userId?: number } | undefined;

export type PerUserCache<V> = {
  /** The kept value, when notifications are live (else nothing is kept or served). */
  peek: (key: string) => Promise<V | undefined> | undefined;
  keep: (key: string, value: V) => void;
};

/** A lookup by a `userKey`-led key, kept while notifications are live; `load` replaces it for one call. */
export type UserLookup<V> = ((
  key: string,
  load?: (key: string) => Promise<V | undefined>,
) => Promise<V | undefined>) & {
  /** Drops one key (the next lookup reads it again). */
  forget: (key: string) => void;
};

export type AccessCaches = {
  /** Keeps `load`'s answers (unknown keys as long as known ones: a change of them notifies too). */
  lookup: <V>(load: (key: string) => Promise<V | undefined>) => UserLookup<V>;
  /**
   * A cache of something derived from one user (GetUserInfo), keyed by `userKey`, forgotten with
   * that user's access on every instance; `undefined` (not kept) while notifications are down.
   */
  perUser: <V>(ttlMs: number) => PerUserCache<V>;
  /** Access of `userIds` (or of every user of the company) changed, in the transaction `db`. */
  changed: (
    db: Parameters<typeof notify>[0],
    companyId: number,
    userIds: readonly number[] | 'company',
  ) => Promise<void>;
  /**
   * Calls `fn` on every change heard through the listener, after the kept entries are dropped (so
   * a lookup made then reads the new state), e.g. to re-check open streams. Returns the unsubscribe.
   */
  onChange: (fn: (change: AccessChange) => void) => () => void;
  /** Subscribes to the changes of other instances (at start-up). */
  start: () => Promise<void>;
  close: () => Promise<void>;
};

const MAX_ENTRIES = 10_000;

/** The access caches of one instance, told of every instance's changes by `listener`. */
export const createAccessCaches = (
  listener: PgListener | undefined,
  options: { ttlSeconds: number; now?: () => number },
): AccessCaches => {
  const ttlMs = options.ttlSeconds * 1000;
  const cacheOptions = { ttlMs, missTtlMs: ttlMs, maxEntries: MAX_ENTRIES, now: options.now };
  const caches: CachedLookup<string, unknown>[] = [];
  const watchers = new Set<(change: AccessChange) => void>();
  let handle: ListenHandle | undefined;

  /** `54:7` drops user 7 of company 54 (and what was derived from it), `54:*` all of company 54. */
  const forget = (payload: string) => {
    const [company, user] = payload.split(':');
    if (!company) return;
    const prefix = user && user !== '*' ? `${company}:${user}:` : `${company}:`;
    for (const c of caches) c.forget({ prefix });
    return { companyId: Number(company), userId: user && user !== '*' ? Number(user) : undefined };
  };
  const clear = () => {
    for (const c of caches) c.clear();
  };
  const tell = (change: AccessChange) => {
    for (const fn of watchers) fn(change);
  };
  // Without notifications a kept answer could outlive a change: read every time.
  const caching = () => ttlMs > 0 && listener?.live === true;

  const kept = <V>(load: (key: string) => Promise<V | undefined>, ttl = ttlMs) => {
    const cache = cachedLookup<string, V>(load, { ...cacheOptions, ttlMs: ttl });
    caches.push(cache as CachedLookup<string, unknown>);
    return cache;
  };

  return {
    lookup: <V>(load: (key: string) => Promise<V | undefined>) => {
      const cache = kept(load);
      return Object.assign(
        (key: string, once?: (key: string) => Promise<V | undefined>) =>
          caching() ? cache(key, once) : (once ?? load)(key),
        { forget: (key: string) => cache.forget(key) },
      );
    },
    perUser: <V>(ttl: number): PerUserCache<V> => {
      const cache = kept<V>(async () => undefined, ttl);
      return {
        peek: (key) => (caching() ? cache.peek(key) : undefined),
        keep: (key, value) => {
          if (!caching()) return;
          cache.forget(key);
          void cache(key, async () => value);
        },
      };
    },
    changed: async (tx, companyId, userIds) => {
      const payloads = userIds === 'company' ? [`${companyId}:*`] : userIds.map((id) => `${companyId}:${id}`);
      for (const payload of payloads) {
        // Here at once (the next request reads again), everywhere (here too) when this commits.
        forget(payload);
        await notify(tx, ACCESS_CHANNEL, payload);
      }
    },
    onChange: (fn) => {
      watchers.add(fn);
      return () => watchers.delete(fn);
    },
    start: async () => {
      handle = await listener?.listen(
        ACCESS_CHANNEL,
        (payload) => {
          const change = forget(payload);
          if (change) tell(change);
        },
        () => {
          clear();
          tell(undefined);
        },
        clear,
      );
    },
    close: async () => {
      clear();
      watchers.clear();
      await handle?.close();
    },
  };
};
