import { addressList, isAddressOrRange, parseEnv } from './env.js';

/**
 * TRUST_PROXY, read the same way by the API and the kanban service on its own: the addresses of the
 * reverse proxies whose `X-Forwarded-For` is believed, so `request.ip` is the client's (rate limits,
 * METRICS_ALLOW). Nobody else's header is believed: anyone could forge one.
 */

/** An address or CIDR range (`10.0.0.0/8`, `::1`), or a proxy-addr name (`loopback`, `uniquelocal`, …). */
const isProxyAddress = (entry: string) =>
  ['loopback', 'linklocal', 'uniquelocal'].includes(entry) || isAddressOrRange(entry);

/** TRUST_PROXY, for a service's environment schema (the API's config.ts). */
export const trustProxyEnv = {
  TRUST_PROXY: addressList(isProxyAddress, '10.0.0.1,10.1.0.0/16').optional(),
};

/** The proxies TRUST_PROXY lists (none when unset); throws `Invalid configuration` on a bad value. */
export const trustProxyOf = (env: Record<string, string | undefined>): string[] =>
  parseEnv(trustProxyEnv, env).TRUST_PROXY ?? [];

/** Fastify's `trustProxy` for these proxies: only them, or no one when there are none. */
export const trustProxySetting = (proxies: readonly string[]) => (proxies.length ? [...proxies] : false);
