import { randomUUID } from 'node:crypto';
import type { EndpointDef } from '@aval/contracts';
import { allPermissionIds, UserType } from '@aval/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { users } from '../modules/users/users.table.js';
import { companyKeyOf, createTestApp, demoUser, type TestApp } from '../test/harness.js';
import { registeredEndpoints } from './endpoints.js';

/**
 * The bad-input walk: every registered call (API and kanban, public or not) receives a bounded set
 * of malformed inputs (missing fields, wrong types, NUL bytes, 10k-character strings, numbers
 * beyond the integer range, invalid JSON, a wrong content type) as a caller who may use it. No
 * reply may be a 5xx, and a refusal may not show internals (stack, SQL, zod's English messages).
 * New calls are walked as soon as they are registered.
 */
let t: TestApp;
const callers = new Map<number, Record<string, string>>();

beforeAll(async () => {
  t = await createTestApp();
  const demo: Record<number, string> = {
    [UserType.INSURANCE]: 'admin',
    [UserType.BROKER]: 'corretor',
    [UserType.AGENT]: 'agente',
    [UserType.POLICY_HOLDER]: 'tomador',
    [UserType.ADVISOR]: 'assessor',
  };
  for (const [type, local] of Object.entries(demo)) {
    const [user] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.companyId, 54), eq(users.username, demoUser(local))));
    // A real user of the type, holding every permission: the input reaches validation and the handler.
    const token = await t.platform.tokens.sign(
      await t.caller({ sub: String(user!.id), cid: 54, utp: Number(type), prm: [...allPermissionIds] }),
    );
    callers.set(Number(type), { authorization: `Bearer ${token}` });
  }
});
afterAll(() => t.close());

type Variant = 'valid' | 'wrongType' | 'nul' | 'long' | 'huge';

const INT_OVERFLOW = 2_147_483_648;
const LONG = 'x'.repeat(10_000);

// biome-ignore lint/suspicious/noExplicitAny: walks zod's internal definition of any schema
type Def = any;
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** A value of `schema`'s shape, malformed the `variant` way (valid where the variant has no say). */
const sample = (schema: z.ZodType, variant: Variant, depth = 0): unknown => {
  const def = defOf(schema);
  if (depth > 6) return undefined;
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return sample(def.innerType, variant, depth + 1);
    case 'pipe':
      return sample(def.in.type === 'transform' ? def.out : def.in, variant, depth + 1);
    case 'lazy':
      return sample(def.getter(), variant, depth + 1);
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(def.shape as Record<string, z.ZodType>))
        out[k] = sample(v, variant, depth + 1);
      return out;
    }
    case 'array':
      return variant === 'wrongType' ? 'x' : [sample(def.element, variant, depth + 1)];
    case 'record':
      return variant === 'wrongType' ? 'x' : { a: sample(def.valueType, variant, depth + 1) };
    case 'union':
      return sample(def.options[0], variant, depth + 1);
    case 'intersection':
      return sample(def.left, variant, depth + 1);
    case 'enum':
      return variant === 'wrongType' ? 99 : Object.values(def.entries)[0];
    case 'literal':
      return variant === 'wrongType' ? 99 : def.values[0];
    case 'boolean':
      return variant === 'wrongType' ? 'x' : true;
    case 'number':
      if (variant === 'wrongType') return 'abc';
      if (variant === 'huge') return def.checks?.length ? INT_OVERFLOW : 1e17;
      return 1;
    case 'bigint':
      return variant === 'wrongType' ? 'abc' : 1;
    case 'date':
      return variant === 'wrongType' ? 'abc' : new Date().toISOString();
    case 'string': {
      if (variant === 'wrongType') return 12_345;
      const format = def.format as string | undefined;
      const base =
        format === 'uuid' || format === 'guid'
          ? randomUUID()
          : format === 'email'
            ? 'fuzz@exemplo.com.br'
            : format === 'date'
              ? '2026-01-01'
              : format === 'datetime'
                ? '2026-01-01T00:00:00Z'
                : 'abc';
      if (variant === 'nul') return `${base}\u0000`;
      if (variant === 'long') return LONG;
      if (variant === 'huge') return String(INT_OVERFLOW * 10_000);
      return base;
    }
    default:
      return variant === 'wrongType' ? 'x' : 'abc';
  }
};

/** Query and path values travel as text. */
const asText = (value: unknown): string | undefined =>
  value === undefined || value === null
    ? undefined
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);

const pathOf = (def: EndpointDef, variant: Variant) =>
  def.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const shape = def.params ? (defOf(def.params).shape as Record<string, z.ZodType>) : {};
    const value = shape[name] ? sample(shape[name], variant) : '1';
    return encodeURIComponent(variant === 'huge' ? String(INT_OVERFLOW) : (asText(value) ?? '1'));
  });

const queryOf = (def: EndpointDef, variant: Variant | 'missing') => {
  if (!def.query || variant === 'missing') return '';
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(sample(def.query, variant) as Record<string, unknown>)) {
    const text = asText(v);
    if (text !== undefined) params.set(k, text);
  }
  const s = params.toString();
  return s ? `?${s}` : '';
};

type Case = { label: string; url: string; headers?: Record<string, string>; payload?: string | Buffer };

/** The bounded set of malformed requests of one call. */
const casesOf = (def: EndpointDef): Case[] => {
  const cases: Case[] = [];
  const hasBody = def.method !== 'GET' && def.method !== 'DELETE';
  const json = { 'content-type': 'application/json' };
  const form = { 'content-type': 'application/x-www-form-urlencoded' };
  const bodyOf = (variant: Variant) => (def.body ? sample(def.body, variant) : {});
  for (const variant of ['wrongType', 'nul', 'long', 'huge'] as const) {
    const url = `${pathOf(def, variant)}${queryOf(def, variant)}`;
    if (!hasBody || def.multipart) cases.push({ label: variant, url });
    else if (def.form)
      cases.push({
        label: variant,
        url,
        headers: form,
        payload: new URLSearchParams(
          Object.entries(bodyOf(variant) as Record<string, unknown>).map(
            ([k, v]) => [k, asText(v) ?? ''] as [string, string],
          ),
        ).toString(),
      });
    else cases.push({ label: variant, url, headers: json, payload: JSON.stringify(bodyOf(variant)) });
  }
  const url = `${pathOf(def, 'valid')}${queryOf(def, 'missing')}`;
  cases.push({ label: 'missing fields', url, ...(hasBody ? { headers: json, payload: '{}' } : {}) });
  if (hasBody) {
    cases.push({ label: 'invalid JSON', url, headers: json, payload: '{"Name": "a\u0000' });
    cases.push({ label: 'JSON array', url, headers: json, payload: '[1e400, null]' });
    cases.push({ label: 'wrong content type', url, headers: { 'content-type': 'text/plain' }, payload: 'x' });
  }
  if (def.multipart) {
    const boundary = '----fuzz';
    cases.push({
      label: 'multipart NUL file name',
      url,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a\u0000${LONG}.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\r\n--${boundary}--\r\n`,
      ),
    });
  }
  return cases;
};

/** What a refusal must never show: stack frames, SQL, driver errors, zod's English messages. */
const internals = [
  /\bat .+:\d+:\d+/,
  /node_modules/,
  /Failed query/i,
  /\b(select|insert|update|delete)\b.+\b(from|into|set|where)\b/i,
  /violates|syntax error|invalid byte sequence|out of range|duplicate key|relation "/i,
  /PGlite|postgres|drizzle|ZodError|TypeError|RangeError|ReferenceError|undefined is not|Cannot read/i,
  /invalid_type|too_big|too_small|invalid_format|invalid_union|invalid_value|unrecognized_keys/,
  /Invalid input|Invalid option|expected .+ received|Too (big|small)|\bRequired\b/,
];

const walked = () => {
  const seen = new Set<string>();
  return registeredEndpoints.filter((d) => {
    const key = `${d.method} ${d.path}`.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};

describe('bad-input walk over every registered call', () => {
  it('should have calls to walk', () => {
    expect(walked().length).toBeGreaterThan(50);
  });

  it('should never answer 5xx nor show internals to malformed input', async () => {
    const failures: string[] = [];
    let requests = 0;
    for (const def of walked()) {
      const type = def.userTypes?.[0] ?? UserType.INSURANCE;
      const headers: Record<string, string> = {
        ...(def.companyKey !== false ? { companykey: companyKeyOf(54) } : {}),
        ...(def.auth !== false ? callers.get(type) : {}),
      };
      for (const c of casesOf(def)) {
        requests++;
        const res = await t.app.inject({
          method: def.method,
          url: c.url,
          headers: { ...headers, ...c.headers },
          payload: c.payload,
        });
        const where = `${def.method} ${def.path} [${c.label}]`;
        if (res.statusCode >= 500) failures.push(`${where}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        else if (res.statusCode >= 400) {
          const leak = internals.find((re) => re.test(res.body));
          if (leak) failures.push(`${where}: ${res.statusCode} shows ${leak}: ${res.body.slice(0, 300)}`);
        }
      }
    }
    expect(requests).toBeGreaterThan(300);
    expect(failures).toEqual([]);
  }, 120_000);

  it('should refuse a NUL byte in text with 400 and a pt-BR message', async () => {
    const headers = { companykey: companyKeyOf(54), ...callers.get(UserType.INSURANCE) };
    const inQuery = await t.app.inject({
      method: 'GET',
      url: '/api/Insured/SearchInsureds?InsuredName=Prefeitura%00',
      headers,
    });
    expect(inQuery.statusCode).toBe(400);
    expect(inQuery.json()).toEqual({ Errors: ['O texto enviado contém um caractere inválido (byte nulo).'] });
    const inBody = await t.app.inject({
      method: 'POST',
      url: '/api/Security/RequestRecoveryPassword',
      headers: { companykey: companyKeyOf(54), 'content-type': 'application/json' },
      payload: { Email: 'admin@aurora.demo\u0000' },
    });
    expect(inBody.statusCode).toBe(400);
    expect(inBody.json()).toEqual({ Errors: ['O texto enviado contém um caractere inválido (byte nulo).'] });
  });

  it('should refuse ids outside the integer range with 400', async () => {
    const headers = { companykey: companyKeyOf(54), ...callers.get(UserType.INSURANCE) };
    for (const id of [String(INT_OVERFLOW), '-2147483649', '99999999999999999999']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/Core/GetModality?modalityId=${id}`,
        headers,
      });
      expect({ id, status: res.statusCode }).toEqual({ id, status: 400 });
    }
  });
});
