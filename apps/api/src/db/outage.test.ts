import { rm } from 'node:fs/promises';
import { getPortalConfig, getUserInfo, searchInsureds } from '@aval/contracts';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';
import { until } from '../test/wait.js';

/**
 * A database that fails or goes away: callers get 503 with a pt-BR message (like `/ready`), never
 * 500, and error logs carry the SQL text but never the parameter values of a failed query.
 */
const lines: string[] = [];
const PERSONAL = '123.456.789-09';
let t: TestApp;
let restore: () => void = () => undefined;

beforeAll(async () => {
  t = await createTestApp({
    log: { write: (line) => void lines.push(line) },
    extend: (app) => {
      // A failing query whose parameter is personal data: a second signing key (unique violation).
      app.get('/test/failing-sql', async () => {
        await t.database.db.execute(
          sql`insert into app_secrets (name, value) values ('token_signing_key', ${PERSONAL})`,
        );
        return {};
      });
    },
  });
});
afterAll(async () => {
  restore();
  // PGlite cannot reopen once closed: the app closes, the folder goes.
  await t.close().catch(() => rm(t.tmp, { recursive: true, force: true }));
});

const logged = () => lines.map((l) => JSON.parse(l) as { level: number; msg: string; err?: unknown });

/** Takes the database away: PGlite closes; PostgreSQL's connections are cut and new ones refused. */
const cutDatabase = async () => {
  const { pool, pglite } = t.database;
  if (pglite) {
    await pglite.close();
    return;
  }
  const options = (pool as unknown as { options: { connectionString: string } }).options;
  const original = options.connectionString;
  options.connectionString = 'postgres://postgres@127.0.0.1:1/unreachable';
  restore = () => {
    options.connectionString = original;
  };
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [
    new URL(original).pathname.slice(1),
  ]);
  await admin.end();
};

describe('database failures', () => {
  it('should log a failed query without its parameter values at error level', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/test/failing-sql' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain(PERSONAL);
    const errors = logged().filter((l) => l.level >= 50);
    expect(errors.length).toBeGreaterThan(0);
    const text = JSON.stringify(errors);
    expect(text).toContain('insert into app_secrets (name, value) values');
    expect(text).toContain('23505');
    expect(text).not.toContain(PERSONAL);
    expect(text).not.toContain('123.456');
  });

  // A server connection only (PGlite has none to cut): this case exists in the PostgreSQL pass.
  const onPostgres = process.env.TEST_DATABASE_URL ? it : undefined;
  onPostgres?.(
    'should fail a transaction whose connection is cut, not the process, and serve the next request',
    async () => {
      const { pool } = t.database;
      const url = (pool as unknown as { options: { connectionString: string } }).options.connectionString;
      let holding!: () => void;
      const held = new Promise<void>((resolve) => {
        holding = resolve;
      });
      let cutDone!: () => void;
      const cut = new Promise<void>((resolve) => {
        cutDone = resolve;
      });
      const transaction = t.database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        holding();
        // Idle inside the transaction (a handler awaiting something else) until the cut came.
        await cut;
        await tx.execute(sql`select 1`);
      });
      await held;
      try {
        const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await admin.connect();
        await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [new URL(url).pathname.slice(1)],
        );
        await admin.end();
      } finally {
        cutDone();
      }
      await expect(transaction).rejects.toThrow();
      // The pool's idle connections were ended too: it drops each when its socket hears of it (an
      // 'error' event). On a loaded machine a request could take one before that and get a 503.
      const idle = pool as unknown as { idleCount: number };
      await until(() => idle.idleCount === 0, 'the pool to drop the connections the server ended');
      expect((await t.call(getUserInfo, { as: 'admin' })).status).toBe(200);
    },
  );

  it('should answer 503 with a pt-BR message on every kind of call while the database is down', async () => {
    // Signed in before the outage: the token stays valid, the calls still need the database.
    expect((await t.call(getUserInfo, { as: 'admin' })).status).toBe(200);
    lines.length = 0;
    await cutDatabase();

    // GetUserInfo may come from the per-user cache (at most 5 s old) without the database.
    const replies = [
      await t.call(searchInsureds, { as: 'admin', query: { InsuredName: PERSONAL } }),
      await t.call(getPortalConfig, { query: { dns: 'aurora.localhost' } }),
    ];
    for (const r of replies) {
      expect({ status: r.status, errors: r.errors }).toEqual({
        status: 503,
        errors: ['Banco de dados indisponível. Tente novamente em instantes.'],
      });
      expect(r.errors).toEqual(['Banco de dados indisponível. Tente novamente em instantes.']);
      expect(r.headers['retry-after']).toBe('5');
    }
    const token = await t.app.inject({
      method: 'POST',
      url: '/connect/token',
      headers: { companykey: 'ck-aurora-54-3f9a1c7e', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=password&username=admin%40aurora.demo&password=x&client_id=aval-portal',
    });
    expect(token.statusCode).toBe(503);
    const ready = await t.app.inject({ method: 'GET', url: '/ready' });
    expect(ready.statusCode).toBe(503);

    const errors = logged().filter((l) => l.level >= 50);
    expect(errors.map((l) => l.msg)).toContain('database unavailable');
    expect(JSON.stringify(errors)).not.toContain(PERSONAL);
  });
});
