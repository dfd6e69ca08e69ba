import { UserType } from '@aval/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createTestApp, type TestApp } from '../test/harness.js';
import { registeredEndpoints } from './endpoints.js';

/**
 * The permission walk: every registered call that needs a signed-in user refuses (403) a user
 * lacking its permissions or its user type, and a token of another company. New calls are covered
 * automatically as soon as they are registered.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Each walk makes a few hundred calls (a token signed for each): minutes on a loaded 2-core CI. */
const WALK_TIMEOUT = 180_000;

const urlOf = (path: string) => path.replace(/\{\w+\}/g, '1');
const authenticated = () => registeredEndpoints.filter((d) => d.auth !== false && d.companyKey !== false);

describe('permission walk over every registered call', () => {
  it('should have calls to walk', () => {
    expect(authenticated().length).toBeGreaterThan(10);
  });

  it(
    'should refuse with 403 a user lacking the permissions or the user type of each call',
    async () => {
      const failures: string[] = [];
      for (const def of authenticated()) {
        const restricted = (def.permissions?.length ?? 0) > 0;
        const allowedTypes = def.userTypes ?? Object.values(UserType);
        const wrongType = Object.values(UserType).find((u) => !allowedTypes.includes(u));
        if (!restricted && !wrongType) continue;
        const cases = [];
        if (restricted) cases.push({ utp: allowedTypes[0]!, prm: [] as number[] });
        if (wrongType) cases.push({ utp: wrongType, prm: [...(def.permissions ?? [])] as number[] });
        for (const c of cases) {
          const headers = await authHeaders(t, { cid: 54, utp: c.utp, prm: c.prm });
          const res = await t.app.inject({ method: def.method, url: urlOf(def.path), headers });
          if (res.statusCode !== 403)
            failures.push(`${def.method} ${def.path} (type ${c.utp}): ${res.statusCode}`);
        }
      }
      expect(failures).toEqual([]);
    },
    WALK_TIMEOUT,
  );

  it(
    'should refuse with 403 a token of another company on each call',
    async () => {
      const failures: string[] = [];
      for (const def of authenticated()) {
        const headers = await authHeaders(t, { cid: 325, utp: 1, prm: [...(def.permissions ?? [])] });
        const res = await t.app.inject({
          method: def.method,
          url: urlOf(def.path),
          headers: { ...headers, companykey: 'ck-aurora-54-3f9a1c7e' },
        });
        if (res.statusCode !== 403 && res.statusCode !== 404)
          failures.push(`${def.method} ${def.path}: ${res.statusCode}`);
      }
      expect(failures).toEqual([]);
    },
    WALK_TIMEOUT,
  );

  it(
    'should refuse with 401 each call without a token',
    async () => {
      const failures: string[] = [];
      for (const def of authenticated()) {
        const res = await t.app.inject({
          method: def.method,
          url: urlOf(def.path),
          headers: { companykey: 'ck-aurora-54-3f9a1c7e' },
        });
        if (res.statusCode !== 401) failures.push(`${def.method} ${def.path}: ${res.statusCode}`);
      }
      expect(failures).toEqual([]);
    },
    WALK_TIMEOUT,
  );
});
