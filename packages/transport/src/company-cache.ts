/**
 * Keeps a company lookup's answers for `ttlMs` (unknown keys too, for a shorter `missTtlMs`), so a
 * service that resolves `CompanyKey` through another service's public call asks once per key and
 * period, not once per request. Concurrent lookups of one key share one call; failures are not kept.
 */
export const cachedLookup = <K, V>(
  lookup: (key: K) => Promise<V | undefined>,
  options: { ttlMs: number; missTtlMs?: number; maxEntries?: number; now?: () => number },
) => {
  const now = options.now ?? Date.now;
  const maxEntries = options.maxEntries ?? 1000;
  const entries = new Map<K, { expires: number; value: Promise<V | undefined> }>();
  /** `load` replaces the lookup for this call (e.g. to read in the caller's own transaction). */
  return (key: K, load: (key: K) => Promise<V | undefined> = lookup): Promise<V | undefined> => {
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
};
