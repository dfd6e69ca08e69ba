import type { Db } from '../db/client.js';
import { chargeCounters, pruneEndedCounters } from '../lib/counters.js';

type StoreCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;
type StoreParams = { routeInfo?: { method?: string | string[]; url?: string } };

/** Ended windows of every key are deleted once every this many counted requests of a process. */
const PRUNE_EVERY = 1000;

/**
 * The store of @fastify/rate-limit on the database's counters (lib/counters.ts): every API
 * instance counts the same requests, so a route's limit holds behind a load balancer. One key per
 * route and client address (`request.ip`: the socket's, or the X-Forwarded-For hop of a proxy
 * listed in TRUST_PROXY). The counters say whether a request is admitted, not how many came: the
 * plugin sees 0 (admitted) or max + 1 (refused), so its x-ratelimit-* headers are turned off
 * (`rateLimitPluginOptions`) and a refusal carries Retry-After only.
 */
export const postgresRateLimitStore = (db: Db) => {
  let counted = 0;
  const pruneNowAndThen = () => {
    counted += 1;
    if (counted % PRUNE_EVERY === 0) void pruneEndedCounters(db).catch(() => undefined);
  };
  return class PostgresRateLimitStore {
    readonly prefix: string;
    /** `params`: the plugin's options; for a route, with `routeInfo` (its method and url). */
    constructor(params: unknown = {}) {
      const route = (params as StoreParams).routeInfo;
      this.prefix = route?.url
        ? `rate-limit:${[route.method].flat().join(',')}:${route.url}:`
        : 'rate-limit:';
    }
    incr(key: string, callback: StoreCallback, timeWindow: number, max: number) {
      const windowSeconds = Math.max(1, Math.round(timeWindow / 1000));
      chargeCounters(db, [{ key: this.prefix + key, windowSeconds, limit: max }]).then(
        (result) => {
          pruneNowAndThen();
          callback(
            null,
            result.ok
              ? { current: 0, ttl: windowSeconds * 1000 }
              : { current: max + 1, ttl: result.retryAfterSeconds * 1000 },
          );
        },
        (error: Error) => callback(error),
      );
    }
    child(params: unknown) {
      return new PostgresRateLimitStore(params);
    }
  };
};

/** @fastify/rate-limit's options for this store: route limits only, Retry-After on refusals only. */
export const rateLimitPluginOptions = (db: Db) => ({
  global: false,
  store: postgresRateLimitStore(db),
  addHeadersOnExceeding: {
    'x-ratelimit-limit': false,
    'x-ratelimit-remaining': false,
    'x-ratelimit-reset': false,
  },
  addHeaders: {
    'x-ratelimit-limit': false,
    'x-ratelimit-remaining': false,
    'x-ratelimit-reset': false,
    'retry-after': true,
  },
});
