import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiMigrations,
  apiMigrationsFolder,
  type Database,
  migrateDatabase,
  openDatabase,
} from '../../db/client.js';
import { withDatabase } from '../../test/global-setup.js';

/**
 * The migrations that replace the four per-domain history tables by change_history: rows written
 * before them (by the old code) must be in change_history afterwards, with the same values, order
 * and authors. Runs on a fresh PGlite, or on a fresh PostgreSQL database with TEST_DATABASE_URL.
 */
const journalTag = '0009_change_history';

let folder: string;
let database: Database;
let dbName: string | undefined;
const adminUrl = process.env.TEST_DATABASE_URL;

beforeAll(async () => {
  // The migrations up to the creation of change_history (the old tables still exist).
  folder = await mkdtemp(join(tmpdir(), 'aval-migrations-'));
  await cp(apiMigrationsFolder, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as {
    entries: { tag: string; idx: number }[];
  };
  const upTo = journal.entries.find((e) => e.tag === journalTag)!.idx;
  journal.entries = journal.entries.filter((e) => e.idx <= upTo);
  await writeFile(journalPath, JSON.stringify(journal));
  if (adminUrl) {
    dbName = `aval_mig_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    database = await openDatabase({ databaseUrl: withDatabase(adminUrl, dbName), poolMax: 1 });
  } else {
    database = await openDatabase({});
  }
  await migrateDatabase(database, [{ ...apiMigrations, folder }]);
});

afterAll(async () => {
  await database.close();
  await rm(folder, { recursive: true, force: true });
  if (dbName && adminUrl) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
});

describe('migration of the per-domain histories into change_history', () => {
  it('should copy every row with its owner, scope, values, author and time, then drop the old tables', async () => {
    const db = database.db;
    await db.transaction(async (tx) => {
      // Only the history rows matter here: the rows they point to are not needed.
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`insert into companies (id, name, company_key) values (54, 'Aurora', 'k54')`);
      await tx.execute(sql`insert into users (id, company_id, person_id, username, user_type_id)
        values (7, 54, 1, 'helena', 1)`);
      await tx.execute(sql`insert into insured_change_history
        (company_id, insured_id, field, label, old_value, new_value, changed_by_user_id, changed_at) values
        (54, 11, 'isBlocked', 'Bloqueado', 'Não', 'Sim', 7, '2026-01-02T10:00:00Z'),
        (54, 11, 'blockJustification', 'Justificativa do bloqueio', null, 'TCE', 7, '2026-01-02T10:00:00Z')`);
      await tx.execute(sql`insert into policy_holder_change_history
        (company_id, policy_holder_id, field, old_value, new_value, changed_by_user_id, changed_at) values
        (54, 21, 'Name', 'Alfa Ltda.', 'Alfa S.A.', 999, '2026-01-03T10:00:00Z')`);
      await tx.execute(sql`insert into broker_change_history
        (company_id, broker_id, field, old_value, new_value, changed_by_user_id, changed_at) values
        (54, 31, 'Registration', null, 'Enviado para análise da seguradora', null, '2026-01-01T10:00:00Z')`);
      await tx.execute(sql`insert into parameterisation_change_history
        (company_id, entity, entity_id, modality_id, field, old_value, new_value, changed_by_user_id, changed_at) values
        (54, 'Coverage', 41, 40, 'Rate', '0,15%', '0,25%', 7, '2026-01-04T10:00:00Z')`);
    });

    await migrateDatabase(database, [apiMigrations]);

    const rows = (
      (await db.execute(sql`select company_id, owner_type, owner_id, scope_id, field, old_value, new_value,
        changed_by_user_id, changed_at from change_history order by id`)) as unknown as {
        rows: Record<string, unknown>[];
      }
    ).rows;
    expect(
      rows.map((r) => [
        r.owner_type,
        r.owner_id,
        r.scope_id,
        r.field,
        r.old_value,
        r.new_value,
        r.changed_by_user_id,
        new Date(r.changed_at as string).toISOString(),
      ]),
    ).toEqual([
      [
        'Broker',
        31,
        null,
        'Registration',
        null,
        'Enviado para análise da seguradora',
        null,
        '2026-01-01T10:00:00.000Z',
      ],
      ['Insured', 11, null, 'IsBlocked', 'Não', 'Sim', 7, '2026-01-02T10:00:00.000Z'],
      ['Insured', 11, null, 'BlockJustification', null, 'TCE', 7, '2026-01-02T10:00:00.000Z'],
      // The author 999 does not exist: the entry stays, without an author.
      ['PolicyHolder', 21, null, 'Name', 'Alfa Ltda.', 'Alfa S.A.', null, '2026-01-03T10:00:00.000Z'],
      ['Coverage', 41, 40, 'Rate', '0,15%', '0,25%', 7, '2026-01-04T10:00:00.000Z'],
    ]);
    expect(rows.every((r) => r.company_id === 54)).toBe(true);

    const left = (
      (await db.execute(sql`select table_name from information_schema.tables
        where table_schema = 'public' and table_name like '%change_history%' order by table_name`)) as unknown as {
        rows: { table_name: string }[];
      }
    ).rows;
    expect(left.map((r) => r.table_name)).toEqual(['change_history']);
  });
});
