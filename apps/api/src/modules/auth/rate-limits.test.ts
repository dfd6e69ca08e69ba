import { changeUserInfoPassword, requestRecoveryPassword } from '@aval/contracts';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import type { Config } from '../../config.js';
import { openDatabase } from '../../db/client.js';
import {
  companyKeyOf,
  createTestApp,
  DEMO_PASSWORD,
  demoUser,
  passwordGrant,
  type TestApp,
} from '../../test/harness.js';
import { roomInWindow } from '../../test/wait.js';

/**
 * Limits of the sign-in, recovery and password calls hold across API instances on one database
 * and cannot be dodged with a forged X-Forwarded-For; failed sign-ins are limited per account.
 * Requests come from documentation addresses (RFC 5737), a distinct one per case.
 */
const PER_MINUTE = 3; // token and password change: 3 per minute and address; recovery: 1
const ACCOUNT_LIMIT = 4;
const TOO_MANY = { Errors: ['Muitas tentativas. Aguarde um momento e tente novamente.'] };

let a: TestApp;
/** A second instance on the same database (its own pool on PostgreSQL). */
let b: FastifyInstance;
let closeB: () => Promise<void>;

/** Another API instance on `a`'s database, with `a`'s configuration changed by `overrides`. */
const instanceOnSameDatabase = async (overrides: Partial<Config> = {}) => {
  const connectionString = (a.database.pool?.options as { connectionString?: string } | undefined)
    ?.connectionString;
  // PGlite is one embedded database per process: a second instance shares it.
  const database = connectionString
    ? await openDatabase({ databaseUrl: connectionString, poolMax: 4 })
    : a.database;
  const { app } = await buildApp({
    config: { ...a.config, ...overrides },
    database,
    logger: false,
    jobWorkers: false,
  });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      if (database !== a.database) await database.close();
    },
  };
};

beforeAll(async () => {
  a = await createTestApp({
    env: { TOKEN_RATE_LIMIT_PER_MINUTE: String(PER_MINUTE), ACCOUNT_SIGNIN_LIMIT: String(ACCOUNT_LIMIT) },
  });
  ({ app: b, close: closeB } = await instanceOnSameDatabase());
});
afterAll(async () => {
  await closeB();
  await a.close();
});

/** `app` as reached from `remoteAddress` (the socket's), with `headers` added to every request. */
const from = (app: FastifyInstance, remoteAddress: string, headers: Record<string, string> = {}) =>
  ({
    app: {
      inject: (o: InjectOptions) =>
        app.inject({ ...o, remoteAddress, headers: { ...(o.headers as object), ...headers } }),
    },
  }) as unknown as Pick<TestApp, 'app'>;

const MINUTE = 60;
const ACCOUNT_WINDOW = 15 * 60;

const wrongPassword = (app: FastifyInstance, address: string, user: string, company = 54) =>
  passwordGrant(from(app, address), demoUser(user, company), 'Errada@123', company);

describe('rate limits by address', () => {
  it('should not give a forged X-Forwarded-For a fresh limit (no proxy is trusted by default)', async () => {
    await roomInWindow(MINUTE);
    for (let i = 1; i <= PER_MINUTE; i++) {
      const res = await wrongPassword(a.app, '192.0.2.10', 'analista');
      expect(res.statusCode).toBe(400);
    }
    const forged = await passwordGrant(
      from(a.app, '192.0.2.10', { 'x-forwarded-for': '198.51.100.77' }),
      demoUser('analista'),
      'Errada@123',
    );
    expect(forged.statusCode).toBe(429);
    expect(forged.json()).toEqual(TOO_MANY);
  });

  it('should hold the sign-in limit across two instances on one database', async () => {
    await roomInWindow(MINUTE);
    const first = await wrongPassword(a.app, '192.0.2.20', 'corretor');
    const second = await wrongPassword(b, '192.0.2.20', 'corretor');
    const third = await wrongPassword(a.app, '192.0.2.20', 'corretor');
    expect([first.statusCode, second.statusCode, third.statusCode]).toEqual([400, 400, 400]);
    const fourth = await wrongPassword(b, '192.0.2.20', 'corretor');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual(TOO_MANY);
    expect(fourth.headers['retry-after']).toBeDefined();
    // Another address is not affected.
    expect((await wrongPassword(b, '192.0.2.21', 'admin')).statusCode).toBe(400);
  });

  it('should hold the recovery and password-change limits across two instances', async () => {
    await roomInWindow(MINUTE);
    const recover = (app: FastifyInstance) =>
      app.inject({
        method: requestRecoveryPassword.method,
        url: requestRecoveryPassword.path,
        remoteAddress: '192.0.2.30',
        headers: { companykey: companyKeyOf(54) },
        payload: { Email: 'ninguem@aurora.demo' },
      });
    expect((await recover(a.app)).statusCode).toBe(200);
    const again = await recover(b);
    expect(again.statusCode).toBe(429);
    expect(again.json()).toEqual(TOO_MANY);

    const change = (app: FastifyInstance) =>
      app.inject({
        method: changeUserInfoPassword.method,
        url: changeUserInfoPassword.path,
        remoteAddress: '192.0.2.31',
        headers: { companykey: companyKeyOf(54) },
        payload: {
          UniqueId: 'link-que-nao-existe',
          Password: 'Nova@Senha2026',
          ConfirmPassword: 'Nova@Senha2026',
        },
      });
    const statuses = [];
    for (const app of [a.app, b, a.app]) statuses.push((await change(app)).statusCode);
    expect(statuses).toEqual([400, 400, 400]);
    expect((await change(b)).statusCode).toBe(429);
  });

  it('should take the client address from X-Forwarded-For only when a trusted proxy sends it', async () => {
    await roomInWindow(MINUTE);
    const behindProxy = await instanceOnSameDatabase({ trustProxy: ['192.0.2.40'] });
    try {
      const via = (client: string, user = 'agente') =>
        passwordGrant(
          from(behindProxy.app, '192.0.2.40', { 'x-forwarded-for': client }),
          demoUser(user),
          'Errada@123',
        );
      for (let i = 1; i <= PER_MINUTE; i++) expect((await via('198.51.100.1')).statusCode).toBe(400);
      expect((await via('198.51.100.1')).statusCode).toBe(429);
      // Another client behind the same proxy has its own limit.
      expect((await via('198.51.100.2', 'admin')).statusCode).toBe(400);
      // A header forged by a client that is not the proxy is ignored: its own address counts.
      for (let i = 1; i <= PER_MINUTE; i++) {
        const res = await passwordGrant(
          from(behindProxy.app, '192.0.2.41', { 'x-forwarded-for': `198.51.100.${100 + i}` }),
          demoUser('agente', 325),
          'Errada@123',
          325,
        );
        expect(res.statusCode).toBe(400);
      }
      const forged = await passwordGrant(
        from(behindProxy.app, '192.0.2.41', { 'x-forwarded-for': '198.51.100.200' }),
        demoUser('agente', 325),
        'Errada@123',
        325,
      );
      expect(forged.statusCode).toBe(429);
    } finally {
      await behindProxy.close();
    }
  });
});

describe('failed sign-ins per account', () => {
  const ACCOUNT_LOCKED =
    /^Muitas tentativas de entrada nesta conta\. Aguarde \d+ minutos? e tente novamente, ou recupere a senha\.$/;

  it('should lock an account sprayed from many addresses across instances, in pt-BR with 429', async () => {
    await roomInWindow(ACCOUNT_WINDOW);
    for (let i = 1; i <= ACCOUNT_LIMIT; i++) {
      const res = await wrongPassword(i % 2 ? a.app : b, `198.51.100.${10 + i}`, 'tomador');
      expect(res.statusCode).toBe(400);
    }
    const locked = await wrongPassword(b, '198.51.100.30', 'tomador');
    expect(locked.statusCode).toBe(429);
    const [message] = locked.json().Errors;
    expect(message).toMatch(ACCOUNT_LOCKED);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    // Even the right password waits; another account of the same company does not.
    const right = await passwordGrant(from(a.app, '198.51.100.31'), demoUser('tomador'), DEMO_PASSWORD);
    expect(right.statusCode).toBe(429);
    const other = await passwordGrant(from(a.app, '198.51.100.32'), demoUser('assessor'), DEMO_PASSWORD);
    expect(other.statusCode).toBe(200);
    // The same username in another company is another account.
    const elsewhere = await passwordGrant(
      from(b, '198.51.100.33'),
      demoUser('tomador', 325),
      DEMO_PASSWORD,
      325,
    );
    expect(elsewhere.statusCode).toBe(200);
  });

  it('should count attempts arriving at once on two instances without losing any', async () => {
    await roomInWindow(ACCOUNT_WINDOW);
    const attempts = await Promise.all(
      Array.from({ length: ACCOUNT_LIMIT + 6 }, (_, i) =>
        wrongPassword(i % 2 ? a.app : b, `203.0.113.${10 + i}`, 'corretor2'),
      ),
    );
    const statuses = attempts.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([...Array(ACCOUNT_LIMIT).fill(400), ...Array(6).fill(429)]);
  });

  it('should start counting again after a successful sign-in, whatever the case of the username', async () => {
    await roomInWindow(ACCOUNT_WINDOW);
    const user = demoUser('analista', 325);
    for (let i = 1; i < ACCOUNT_LIMIT; i++) {
      expect((await wrongPassword(a.app, `203.0.113.${100 + i}`, 'analista', 325)).statusCode).toBe(400);
    }
    const ok = await passwordGrant(from(b, '203.0.113.120'), user.toUpperCase(), DEMO_PASSWORD, 325);
    expect(ok.statusCode).toBe(200);
    for (let i = 1; i <= ACCOUNT_LIMIT; i++) {
      expect((await wrongPassword(b, `203.0.113.${130 + i}`, 'analista', 325)).statusCode).toBe(400);
    }
    const locked = await passwordGrant(
      from(a.app, '203.0.113.140'),
      ` ${user.toUpperCase()} `,
      'Errada@123',
      325,
    );
    expect(locked.statusCode).toBe(429);
  });
});
