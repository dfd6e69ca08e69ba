import { rows } from '@aval/transport/tenancy';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listArchivesUnfiltered } from '../modules/files/files.repository.js';
import { archives } from '../modules/files/files.table.js';
import { demoCompanies } from '../seed/companies.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { type Db, withTenant } from './client.js';
import { patternPrefix, startsWith } from './like.js';

let t: TestApp;
const row = (companyId: number, name: string) => ({
  companyId,
  name,
  extension: 'pdf',
  contentType: 'application/pdf',
  sizeBytes: 1,
  relativePath: `x/${name}`,
  container: `company-${companyId}`,
});
beforeAll(async () => {
  t = await createTestApp();
  // As the owner (no RLS): one row per company.
  await t.database.db.insert(archives).values([row(54, 'a.pdf'), row(325, 'b.pdf'), row(325, 'c.pdf')]);
});
afterAll(() => t.close());

type Executor = Pick<Db, 'execute'>;
const rowsOf = async <T>(db: Executor, query: SQL) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

const APP_ROLE = 'aval_app';

/**
 * Tables with company_id that are platform data, not tenant data, and why. Adding one here is a
 * decision to review: every other table with company_id must confine the app role.
 */
const platformTables: Record<string, string> = {
  'public.company_hosts':
    'host → company lookup: GetPortalConfig and the CompanyKey check read it before any tenant is known',
};
const quoted = (table: TenantTable) => sql.raw(`"${table.schema}"."${table.table}"`);

type TenantTable = { schema: string; table: string; rls: boolean; forced: boolean; ownedByApp: boolean };
type Policy = {
  schemaname: string;
  tablename: string;
  policyname: string;
  permissive: string;
  roles: string[] | string;
  cmd: string;
  qual: string | null;
  with_check: string | null;
};

/** Every table (any schema: public, kanban, ...) that has a company_id column. */
const tenantTables = (db: Executor) =>
  rowsOf<TenantTable>(
    db,
    sql`select n.nspname as schema, c.relname as table, c.relrowsecurity as rls,
          c.relforcerowsecurity as forced,
          pg_has_role(${APP_ROLE}, c.relowner, 'USAGE') as "ownedByApp"
        from pg_class c
        join pg_namespace n on n.oid = c.relnamespace
        join pg_attribute a on a.attrelid = c.oid and a.attname = 'company_id' and a.attnum > 0
          and not a.attisdropped
        where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema')
          and n.nspname not like 'pg_toast%'
        order by 1, 2`,
  );

const rolesOf = (p: Policy) =>
  Array.isArray(p.roles)
    ? p.roles
    : p.roles
        .replace(/^\{|\}$/g, '')
        .split(',')
        .filter(Boolean);
const tenantScoped = (expr: string | null) =>
  expr !== null && /company_id\s*=/.test(expr) && /current_setting\('app\.company_id'/.test(expr);

/**
 * What keeps each table with company_id from confining the app role to the request's company:
 * RLS off, the app role owning it (or bypassing RLS), no tenant policy for reads, or a permissive
 * policy for the app role that is not scoped to `app.company_id` (it would open the table).
 */
const tenantTableProblems = async (db: Executor) => {
  const [role] = await rowsOf<{ rolbypassrls: boolean; rolsuper: boolean }>(
    db,
    sql`select rolbypassrls, rolsuper from pg_roles where rolname = ${APP_ROLE}`,
  );
  const problems: string[] = [];
  if (!role) return [`role ${APP_ROLE} does not exist`];
  if (role.rolbypassrls || role.rolsuper) problems.push(`role ${APP_ROLE} bypasses row-level security`);
  const policies = await rowsOf<Policy>(db, sql`select * from pg_policies`);
  for (const table of await tenantTables(db)) {
    const name = `${table.schema}.${table.table}`;
    if (platformTables[name]) continue;
    if (!table.rls) problems.push(`${name}: row-level security is not enabled`);
    if (table.ownedByApp && !table.forced) problems.push(`${name}: owned by ${APP_ROLE} without FORCE`);
    const applying = policies.filter(
      (p) =>
        p.schemaname === table.schema &&
        p.tablename === table.table &&
        p.permissive === 'PERMISSIVE' &&
        rolesOf(p).some((r) => r === APP_ROLE || r === 'public'),
    );
    for (const p of applying) {
      const checksRows = p.cmd !== 'INSERT';
      const checksWrites = p.cmd === 'ALL' || p.cmd === 'INSERT' || p.cmd === 'UPDATE';
      if (checksRows && !tenantScoped(p.qual))
        problems.push(`${name}: policy ${p.policyname} lets ${APP_ROLE} read other companies`);
      if (checksWrites && !tenantScoped(p.with_check ?? p.qual))
        problems.push(`${name}: policy ${p.policyname} lets ${APP_ROLE} write other companies`);
    }
    if (!applying.some((p) => p.cmd === 'ALL' || p.cmd === 'SELECT'))
      problems.push(`${name}: no tenant policy for ${APP_ROLE}`);
  }
  return problems;
};

class Rollback extends Error {}
/** Runs `fn` as the owner in a transaction that is always rolled back. */
const inRolledBackTransaction = async <T>(fn: (tx: Executor) => Promise<T>) => {
  let result: T | undefined;
  await t.database.db
    .transaction(async (tx) => {
      result = await fn(tx);
      throw new Rollback();
    })
    .catch((e) => {
      if (!(e instanceof Rollback)) throw e;
    });
  return result as T;
};

describe('row-level security on every table with company_id', () => {
  it('should find the tenant tables of every schema, the kanban service included', async () => {
    const tables = await tenantTables(t.database.db);
    const names = tables.map((x) => `${x.schema}.${x.table}`);
    expect(names).toEqual(expect.arrayContaining(['public.archives', 'public.insureds', 'public.brokers']));
    expect(names.some((n) => n.startsWith('kanban.'))).toBe(true);
    expect(tables.length).toBeGreaterThan(20);
  });

  it('should enable RLS with a policy confining the app role to its company on each of them', async () => {
    expect(await tenantTableProblems(t.database.db)).toEqual([]);
  });

  it('should flag a new table with company_id until it carries the tenant policy', async () => {
    const problems = await inRolledBackTransaction(async (tx) => {
      const found: string[][] = [];
      await tx.execute(
        sql`create table public.rls_probe (id serial primary key, company_id integer not null)`,
      );
      found.push(await tenantTableProblems(tx));
      await tx.execute(sql`alter table public.rls_probe enable row level security`);
      found.push(await tenantTableProblems(tx));
      await tx.execute(
        sql`create policy rls_probe_open on public.rls_probe for all to aval_app using (true)`,
      );
      found.push(await tenantTableProblems(tx));
      await tx.execute(sql`drop policy rls_probe_open on public.rls_probe`);
      await tx.execute(
        sql.raw(`create policy rls_probe_tenant on public.rls_probe for all to aval_app
          using (company_id = nullif(current_setting('app.company_id', true), '')::integer)
          with check (company_id = nullif(current_setting('app.company_id', true), '')::integer)`),
      );
      found.push(await tenantTableProblems(tx));
      return found;
    });
    expect(problems[0]).toEqual([
      'public.rls_probe: row-level security is not enabled',
      'public.rls_probe: no tenant policy for aval_app',
    ]);
    expect(problems[1]).toEqual(['public.rls_probe: no tenant policy for aval_app']);
    expect(problems[2]).toEqual([
      'public.rls_probe: policy rls_probe_open lets aval_app read other companies',
      'public.rls_probe: policy rls_probe_open lets aval_app write other companies',
    ]);
    expect(problems[3]).toEqual([]);
  });

  it("should hide another company's rows and refuse to move a row to another company, table by table", async () => {
    const db = t.database.db;
    let exercised = 0;
    for (const table of await tenantTables(db)) {
      if (platformTables[`${table.schema}.${table.table}`]) continue;
      const [owned] = await rowsOf<{ company_id: number; n: number }>(
        db,
        sql`select company_id, count(*)::int as n from ${quoted(table)} group by company_id order by 2 desc limit 1`,
      );
      if (!owned) continue; // empty table: the policy check above covers it
      exercised++;
      const mine = owned.company_id;
      const other = demoCompanies.find((c) => c.id !== mine)!.id;
      const name = `${table.schema}.${table.table}`;
      const visibleTo = (companyId: number) =>
        withTenant(db, companyId, async (tx) => {
          const [r] = await rowsOf<{ n: number }>(
            tx,
            sql`select count(*)::int as n from ${quoted(table)} where company_id = ${mine}`,
          );
          return r!.n;
        });
      expect({ name, visible: await visibleTo(other) }).toEqual({ name, visible: 0 });
      expect({ name, visible: await visibleTo(mine) }).toEqual({ name, visible: owned.n });
      const refusal = await withTenant(db, mine, (tx) =>
        tx.execute(
          sql`update ${quoted(table)} set company_id = ${other}
              where ctid = (select ctid from ${quoted(table)} where company_id = ${mine} limit 1)`,
        ),
      ).then(
        () => 'moved',
        (e: Error & { cause?: Error }) => (e.cause ?? e).message,
      );
      expect({ name, refusal }).toEqual({
        name,
        refusal: expect.stringMatching(/row-level security|permission denied/),
      });
    }
    expect(exercised).toBeGreaterThan(15);
  });
});

describe('row-level security', () => {
  it('should confine a query that forgets the company filter to the request company', async () => {
    const for54 = await withTenant(t.database.db, 54, (tx) => listArchivesUnfiltered(tx));
    expect(for54.map((r) => r.name)).toContain('a.pdf');
    expect(for54.every((r) => r.companyId === 54)).toBe(true);
    const for325 = await withTenant(t.database.db, 325, (tx) => listArchivesUnfiltered(tx));
    expect(for325.map((r) => r.name)).toEqual(expect.arrayContaining(['b.pdf', 'c.pdf']));
    expect(for325.map((r) => r.name)).not.toContain('a.pdf');
    expect(for325.every((r) => r.companyId === 325)).toBe(true);
    const everything = await t.database.db.select().from(archives);
    expect(new Set(everything.map((r) => r.companyId)).size).toBeGreaterThan(1);
  });

  it('should refuse to write a row of another company inside a tenant transaction', async () => {
    await expect(
      withTenant(t.database.db, 54, (tx) =>
        tx.insert(archives).values({
          companyId: 325,
          name: 'intruso.pdf',
          extension: 'pdf',
          contentType: 'application/pdf',
          sizeBytes: 1,
          relativePath: 'x/intruso.pdf',
          container: 'company-325',
        }),
      ),
    ).rejects.toThrow();
    const all = await t.database.db.select().from(archives);
    expect(all.map((r) => r.name)).not.toContain('intruso.pdf');
  });

  it('should see nothing when no company is set for the app role', async () => {
    const rows = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local role aval_app`);
      return listArchivesUnfiltered(tx);
    });
    expect(rows).toEqual([]);
  });
});

describe('withTenant', () => {
  type Session = { company: string | null; role: string };
  const session = (db: Executor) =>
    rowsOf<Session>(db, sql`select current_setting('app.company_id', true) as company, current_user as role`);

  it('should run as the app role with the company set, roll back on failure and nest as savepoints', async () => {
    expect(await withTenant(t.database.db, 325, (tx) => session(tx))).toEqual([
      { company: '325', role: APP_ROLE },
    ]);
    const tag = Date.now();
    const [failed, kept, inner] = [`failed-${tag}.pdf`, `kept-${tag}.pdf`, `inner-${tag}.pdf`];
    await expect(
      withTenant(t.database.db, 325, async (tx) => {
        await tx.insert(archives).values(row(325, failed));
        throw new Error('falhou');
      }),
    ).rejects.toThrow('falhou');
    await withTenant(t.database.db, 325, async (tx) => {
      await tx.insert(archives).values(row(325, kept));
      await tx
        .transaction(async (nested) => {
          await nested.insert(archives).values(row(325, inner));
          throw new Error('interna');
        })
        .catch(() => undefined);
      // Still the company's transaction after the savepoint's rollback.
      expect(await session(tx)).toEqual([{ company: '325', role: APP_ROLE }]);
    });
    const names = await rowsOf<{ name: string }>(
      t.database.db,
      sql`select name from archives where name in (${failed}, ${kept}, ${inner})`,
    );
    expect(names).toEqual([{ name: kept }]);
    // The connections go back to the pool as they came: not the app role, no company.
    for (let i = 0; i < 5; i++) {
      const [plain] = await session(t.database.db);
      expect(plain?.role).not.toBe(APP_ROLE);
      expect(plain?.company ?? '').toBe('');
    }
  });

  // On PostgreSQL the pool is pipelined: `begin` travels with the first statement and a
  // transaction that only read returns before its commit is answered (tenancy.ts).
  it('should commit a write before it returns, even after reads, and see it from any connection', async () => {
    const name = `commit-${Date.now()}.pdf`;
    await withTenant(t.database.db, 54, async (tx) => {
      await session(tx);
      await tx.insert(archives).values(row(54, name));
    });
    // The owner, on whichever pooled connection comes, sees the row at once.
    expect(await rowsOf(t.database.db, sql`select name from archives where name = ${name}`)).toEqual([
      { name },
    ]);
  });

  it('should hand a connection back only once its read-only transaction has ended', async () => {
    // More reads than the pool has connections (4), each followed at once by a plain query:
    // a connection handed back inside its transaction would still show the company.
    for (let i = 0; i < 12; i++) {
      const company = i % 2 === 0 ? 54 : 325;
      expect(await withTenant(t.database.db, company, (tx) => session(tx))).toEqual([
        { company: String(company), role: APP_ROLE },
      ]);
      const [plain] = await session(t.database.db);
      expect(plain?.role).not.toBe(APP_ROLE);
      expect(plain?.company ?? '').toBe('');
    }
  });

  it('should roll back when the statement sent with the begin fails, and serve the next request', async () => {
    await expect(withTenant(t.database.db, 54, (tx) => tx.execute(sql`select 1 / 0`))).rejects.toThrow();
    expect(await withTenant(t.database.db, 54, (tx) => session(tx))).toEqual([
      { company: '54', role: APP_ROLE },
    ]);
    // A transaction that runs nothing answers as well.
    expect(await withTenant(t.database.db, 54, async () => 'nada')).toBe('nada');
  });

  it("should read a hot statement's rows as a prepared statement in the transaction, dates as text", async () => {
    const read = (tx: Parameters<Parameters<typeof withTenant>[2]>[0], n: number) =>
      rows<{ day: string; at: string; n: number; company: string }>(
        tx,
        sql`select ${'2026-01-02'}::date as day, ${'2026-01-02T03:04:05Z'}::timestamptz as at, ${n}::int + 1 as n,
                   current_setting('app.company_id', true) as company`,
      );
    for (const n of [1, 2, 3]) {
      const [first] = await withTenant(t.database.db, 54, (tx) => read(tx, n));
      expect(first).toMatchObject({ day: '2026-01-02', n: n + 1, company: '54' });
      expect(typeof first?.at).toBe('string');
    }
    if (process.env.TEST_DATABASE_URL) {
      // The same text on the same connection: parsed once, kept by PostgreSQL under its name.
      const prepared = await withTenant(t.database.db, 54, async (tx) => {
        await read(tx, 4);
        return rowsOf<{ name: string }>(
          tx,
          sql`select name from pg_prepared_statements where statement like ${'%as day%as at%'}`,
        );
      });
      expect(prepared).toEqual([{ name: expect.stringMatching(/^aval_\d+$/) }]);
    }
  });

  it('should run a statement asked for a generic plan as one, and only that statement', async () => {
    const read = (tx: Parameters<Parameters<typeof withTenant>[2]>[0], name: string) =>
      rows<{ name: string; mode: string }>(
        tx,
        sql`select name, current_setting('plan_cache_mode') as mode from archives where name = ${name} and ${'generic'} = ${'generic'}`,
        { plan: 'generic' },
      );
    for (const name of ['a.pdf', 'b.pdf', 'a.pdf']) {
      const [found, mode] = await withTenant(t.database.db, 54, async (tx) => [
        await read(tx, name),
        // The transaction's next statements plan as before.
        await rowsOf<{ mode: string }>(tx, sql`select current_setting('plan_cache_mode') as mode`),
      ]);
      // Row-level security still applies: company 54 has a.pdf only.
      expect(found).toEqual(name === 'a.pdf' ? [{ name, mode: expect.any(String) }] : []);
      expect(mode).toEqual([{ mode: 'auto' }]);
      if (process.env.TEST_DATABASE_URL)
        expect(found[0]?.mode ?? 'force_generic_plan').toBe('force_generic_plan');
    }
    if (process.env.TEST_DATABASE_URL) {
      // PostgreSQL kept the statement's generic plan and planned it for no call's values.
      const plans = await withTenant(t.database.db, 54, async (tx) => {
        await read(tx, 'a.pdf');
        return rowsOf<{ generic: number; custom: number }>(
          tx,
          sql`select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements
              where statement like ${"%'plan_cache_mode'%archives%"}`,
        );
      });
      expect(plans).toEqual([{ generic: expect.any(Number), custom: 0 }]);
      expect(plans[0]?.generic).toBeGreaterThan(0);
    }
    // Outside a transaction the statement runs as usual (a `set local` there would be lost).
    expect(await rows(t.database.db, sql`select ${1}::int as n`, { plan: 'generic' })).toEqual([{ n: 1 }]);
  });

  it('should have no function of its own that may write, which a plain select could call unseen', async () => {
    // withTenant does not wait for the commit of a transaction that ran plain selects only
    // (isPlainRead). A volatile function of the schema (not an extension's) could write from a
    // select: declare it stable or immutable, or name it in isPlainRead's writers, then here.
    const volatile = await rowsOf<{ fn: string }>(
      t.database.db,
      sql`select n.nspname || '.' || p.proname as fn from pg_proc p join pg_namespace n on n.oid = p.pronamespace
          where p.provolatile = 'v' and p.prokind in ('f', 'p')
            and n.nspname not in ('pg_catalog', 'information_schema', 'pgboss') and n.nspname not like 'pg_toast%'
            and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
          order by 1`,
    );
    expect(volatile).toEqual([]);
  });

  it('should read one snapshot and write nothing when asked for a snapshot', async () => {
    const refused = await withTenant(
      t.database.db,
      54,
      (tx) => tx.insert(archives).values(row(54, 'snap.pdf')),
      {
        snapshot: true,
      },
    ).catch((err: Error & { cause?: Error }) => err.cause ?? err);
    expect(String(refused)).toMatch(/read-only transaction/);
    if (!process.env.TEST_DATABASE_URL) return; // PGlite: one connection, nothing commits meanwhile
    const count = async (tx: Parameters<Parameters<typeof withTenant>[2]>[0]) =>
      (await rowsOf<{ n: number }>(tx, sql`select count(*)::int as n from archives`))[0]?.n;
    const seen = (snapshot: boolean) =>
      withTenant(
        t.database.db,
        54,
        async (tx) => {
          const before = await count(tx);
          // Another connection commits a row of the company between the two reads.
          await t.database.db.insert(archives).values(row(54, `snap-${snapshot}.pdf`));
          return [before, await count(tx)];
        },
        { snapshot },
      );
    const [before, after] = await seen(true);
    expect(after).toBe(before);
    const [before2, after2] = await seen(false);
    expect(after2).toBe((before2 ?? 0) + 1);
  });

  it('should refuse a company id that is not an integer', async () => {
    await expect(async () => withTenant(t.database.db, 1.5, (tx) => session(tx))).rejects.toThrow(
      /company id must be an integer/,
    );
  });
});

describe('views the app role can read', () => {
  it("should confine every view with company_id to the request's company, and let the app role only read", async () => {
    const views = await rowsOf<{ schema: string; view: string }>(
      t.database.db,
      sql`select table_schema as schema, table_name as view from information_schema.columns
          where column_name = 'company_id' and table_schema not in ('pg_catalog', 'information_schema')
            and (table_schema, table_name) in (select table_schema, table_name from information_schema.views)
          order by 1, 2`,
    );
    expect(views).toContainEqual({ schema: 'search', view: 'policies' });
    for (const v of views) {
      const name = sql.raw(`"${v.schema}"."${v.view}"`);
      const privileges = await rowsOf<{ read: boolean; write: boolean }>(
        t.database.db,
        sql`select has_table_privilege(${APP_ROLE}, ${`${v.schema}.${v.view}`}, 'SELECT') as read,
              has_table_privilege(${APP_ROLE}, ${`${v.schema}.${v.view}`}, 'INSERT,UPDATE,DELETE') as write`,
      );
      expect(privileges, `${v.schema}.${v.view}`).toEqual([{ read: true, write: false }]);
      for (const companyId of [54, 325]) {
        const companies = await withTenant(t.database.db, companyId, (tx) =>
          rowsOf<{ company_id: number }>(tx, sql`select distinct company_id from ${name}`),
        );
        expect(
          companies.every((r) => r.company_id === companyId),
          `${v.schema}.${v.view}`,
        ).toBe(true);
      }
      const unset = await t.database.db.transaction(async (tx) => {
        await tx.execute(sql`set local role aval_app`);
        return rowsOf(tx, sql`select 1 from ${name} limit 1`);
      });
      expect(unset, `${v.schema}.${v.view}`).toEqual([]);
    }
  });
});

describe('patternPrefix', () => {
  it('should keep the values starting with the text, as starts_with does, under row-level security', async () => {
    const values = [
      '10432',
      '104320001',
      '10433',
      '1043',
      '1042999',
      'AB~',
      'AB~X',
      'AC',
      'ação',
      'açãob',
      'acao',
    ];
    const list = sql.join(
      values.map((v) => sql`(${v})`),
      sql`, `,
    );
    const matches = (prefix: string, how: typeof patternPrefix | typeof startsWith) =>
      withTenant(t.database.db, 54, (tx) =>
        rowsOf<{ v: string }>(
          tx,
          sql`select v from (values ${list}) as x(v) where ${how(sql.raw('v') as never, prefix)} order by v`,
        ),
      );
    for (const prefix of ['10432', '1043', 'AB~', 'A', 'açã', 'ac']) {
      const expected = values.filter((v) => v.startsWith(prefix)).sort();
      const got = (await matches(prefix, patternPrefix)).map((r) => r.v);
      expect(got.sort(), prefix).toEqual(expected);
      expect((await matches(prefix, startsWith)).map((r) => r.v).sort(), prefix).toEqual(expected);
    }
  });
});
