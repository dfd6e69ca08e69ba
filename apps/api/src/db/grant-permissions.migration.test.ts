import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Permission as P } from '@aval/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';

/**
 * Migration 0040: installations seeded before permissions 48 and 49 existed get them on their
 * default insurer profiles (48 Administrador; 49 Administrador and Analista), once, however often
 * it runs.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const migration = readFileSync(
  join(import.meta.dirname, '..', '..', 'drizzle', '0040_grant_new_permissions.sql'),
  'utf8',
);
const migrate = async () => {
  for (const statement of migration.split('--> statement-breakpoint'))
    await t.database.db.execute(sql.raw(statement));
};

type Grant = { company_id: number; profile: string; functionality_id: number };
const grants = async () =>
  (
    (await t.database.db.execute(sql`
      select pf.company_id, p.name as profile, pf.functionality_id
        from profile_functionalities pf join profiles p on p.id = pf.profile_id
       where pf.functionality_id in (${P.APROVAR_LIMITE_ACIMA_DO_TETO}, ${P.GERENCIAR_REGISTROS_SRO})
       order by 1, 2, 3`)) as unknown as { rows: Grant[] }
  ).rows;

describe('migration 0040 (permissions 48 and 49 on existing installations)', () => {
  it('should grant 48 and 49 to the default profiles that lacked them, once, and leave other profiles alone', async () => {
    const seeded = await grants();
    expect(seeded.filter((g) => g.company_id === 54)).toEqual([
      { company_id: 54, profile: 'Administrador', functionality_id: 48 },
      { company_id: 54, profile: 'Administrador', functionality_id: 49 },
      { company_id: 54, profile: 'Analista', functionality_id: 49 },
    ]);
    // An installation of before: the catalogue without them, the profiles too; a profile of the
    // company's own named like the analyst's (not a default one) and a renamed default one.
    await t.database.db.execute(sql`delete from profile_functionalities where functionality_id in (48, 49)`);
    await t.database.db.execute(sql`delete from menu_functionalities where id in (48, 49)`);
    await t.database.db.execute(
      sql`update profiles set name = 'Analista de crédito' where company_id = 325 and name = 'Analista'`,
    );
    await migrate();
    await migrate();
    const after = await grants();
    expect(after.filter((g) => g.company_id === 54)).toEqual(seeded.filter((g) => g.company_id === 54));
    expect(after.filter((g) => g.company_id === 325)).toEqual([
      { company_id: 325, profile: 'Administrador', functionality_id: 48 },
      { company_id: 325, profile: 'Administrador', functionality_id: 49 },
    ]);
    const [catalogue] = (
      (await t.database.db.execute(
        sql`select count(*)::int as n from menu_functionalities where id in (48, 49) and user_type_ids = '{1}'`,
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    expect(catalogue?.n).toBe(2);
  });
});
