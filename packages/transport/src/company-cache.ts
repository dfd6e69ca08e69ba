/** A cache made by `cachedLookup`: call it with a key; forget, peek or clear what it keeps. */
export type CachedLookup<K, V> = {
  /** The kept answer of `key`, or `load(key)` (the lookup unless given), kept from now on. */
  (key: K, load?: (key: K) => Promise<V | undefined>): Promise<V | undefined>;
  /** The kept, still fresh answer of `key` without loading anything (undefined: not kept). */
  peek: (key: K) => Promise<V | undefined> | undefined;
  /** Drops one key, or every string key starting with `prefix` (e.g. `54:7:` for one user). */
  forget: (key: K | { prefix: string }) => void;
  clear: () => void;
};

/**
 * Keeps a lookup's answers for `ttlMs` (unknown keys too, for a shorter `missTtlMs`), so a service
 * asks once per key and period, not once per request (a company by its key, a user's access, ...).
 * Concurrent lookups of one key share one call; failures are not kept. `forget` drops entries at
 * once, e.g. when a notification says they changed (modules/auth/access.ts).
 */
export const cachedLookup = <K, V>(
  lookup: (key: K) => Promise<V | undefined>,
  options: { ttlMs: number; missTtlMs?: number; maxEntries?: number; now?: () => number },
): CachedLookup<K, V> => {
  const now = options.now ?? Date.now;
  const maxEntries = options.maxEntries ?? 1000;
  const entries = new Map<K, { expires: number; value: Promise<V | undefined> }>();
  /** `load` replaces the lookup for this call (e.g. to read in the caller's own transaction). */
  const cached = (key: K, load: (key: K) => Promise<V | undefined> = lookup): Promise<V | undefined> => {
    const hit = entries.get(key);
    if (hit && hit.expires > now()) return hit.value;
    if (entries.size >= maxEntries) entries.clear();
    const value = load(key);
    const entry = { expires: now() + options.ttlMs, value };
    entries.set(key, entry);
    value.then(
      (found) => {
        if (found === undefined)
          entry.expires = now() + (options.missTtlMs ?? Math.min(options.ttlMs, 5_000));
      },
      () => {
        if (entries.get(key) === entry) entries.delete(key);
      },
    );
    return value;
  };
  return Object.assign(cached, {
    peek: (key: K) => {
      const hit = entries.get(key);
      return hit && hit.expires > now() ? hit.value : undefined;
    },
    forget: (key: K | { prefix: string }) => {
      if (typeof key === 'object' && key !== null && 'prefix' in key) {
        for (const k of entries.keys())
          if (typeof k === 'string' && k.startsWith(key.prefix)) entries.delete(k);
      } else entries.delete(key as K);
    },
    clear: () => entries.clear(),
  });
};
