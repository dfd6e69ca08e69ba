import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * What the services read from their environment the same way (the API's config.ts and the kanban
 * service's server.ts): lists of addresses, and a refusal that names the bad variable.
 */

/** An IPv4/IPv6 address or a CIDR range of one (`10.0.0.0/8`, `::1`). */
export const isAddressOrRange = (entry: string) => {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
};

/** An environment variable listing addresses or CIDR ranges separated by commas, each `valid`. */
export const addressList = (valid: (entry: string) => boolean, example: string) =>
  z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .refine((list) => list.every(valid), {
      message: `lista de endereços ou faixas CIDR separados por vírgula (ex.: ${example})`,
    });

/** The variables of `shape` read from `env`; throws `Invalid configuration` naming each bad one. */
export const parseEnv = <S extends z.ZodRawShape>(shape: S, env: Record<string, string | undefined>) => {
  const parsed = z.object(shape).safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
};
