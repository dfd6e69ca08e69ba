import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import {
  changeUserInfoPassword,
  getAllCompanyBranch,
  getInsurerRecord,
  getModalitiesByBranch,
  getUserInfo,
} from '@aval/contracts';
import { cnpjFromBase, maskCnpj } from '@aval/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { type Database, type Db, openDatabase } from '../db/client.js';
import { defaultProfiles } from '../modules/users/menus.catalogue.js';
import { createCall } from '../test/call.js';
import { tableFingerprint } from '../test/fingerprint.js';
import { onServer, withDatabase } from '../test/global-setup.js';
import { passwordGrant } from '../test/harness.js';
import { runInstallCli } from './cli.js';

/**
 * A production installation: `npm run install-company` on an empty database (migrated by the
 * command itself), as an operator runs it, then the portal used by the administrator it installed.
 * On a fresh PGlite folder, or on a fresh PostgreSQL database with TEST_DATABASE_URL.
 */
const root = resolve(import.meta.dirname, '../../../..');
const adminUrl = process.env.TEST_DATABASE_URL;
let tmp: string;
let env: Record<string, string>;
let dbName: string | undefined;

const cnpj = maskCnpj(cnpjFromBase('112223330001'));
const command = [
  '--name',
  'Garantia Exemplo Seguros S.A.',
  '--host',
  'Seguros.Exemplo.com.br',
  '--host',
  'garantia.exemplo.com.br',
  '--url',
  'https://seguros.exemplo.com.br',
  '--cnpj',
  cnpj,
  '--contact',
  'atendimento@exemplo.com.br',
  '--admin-name',
  'Joana Prado',
  '--admin-email',
  'joana.prado@exemplo.com.br',
  // What the documents print about the insurer (its record).
  '--susep-code',
  '05886',
  '--zip',
  '01310-100',
  '--street',
  'Avenida Paulista',
  '--number',
  '1000',
  '--state',
  'sp',
  '--city',
  'sao paulo',
  '--susep-process',
  '0775=15414.900001/2026-11',
  '--susep-process',
  '0776=15414.900002/2026-12',
  '--bank',
  '341',
  '--agency',
  '1234',
  '--account',
  '56789',
  '--wallet',
  '109',
  '--pix-key',
  'cobranca@exemplo.com.br',
  '--sac',
  '0800 777 1234',
  '--ouvidoria',
  '0800 777 5678',
  '--ouvidoria-email',
  'ouvidoria@exemplo.com.br',
  '--site',
  'www.exemplo.com.br',
];

/** Runs the command line as `npm run install-company -- …` does: its exit code and printed lines. */
const install = async (args: string[]) => {
  const lines: string[] = [];
  const code = await runInstallCli(args, env, (line) => lines.push(line));
  return { code, text: lines.join('\n') };
};

/** The installed database, opened as the server opens it (the command has closed it). */
const openInstalled = () =>
  openDatabase(
    env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL, poolMax: 4 } : { pgliteDir: join(tmp, 'pglite') },
  );

const withInstalled = async <T>(work: (database: Database) => Promise<T>) => {
  const database = await openInstalled();
  try {
    return await work(database);
  } finally {
    await database.close();
  }
};

const fingerprint = () => withInstalled((d) => tableFingerprint(d.db as unknown as Db));

beforeAll(async () => {
  await mkdir(join(root, '.tmp'), { recursive: true });
  tmp = await mkdtemp(join(root, '.tmp', 'install-'));
  env = { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: tmp };
  if (adminUrl) {
    dbName = `aval_install_${randomBytes(6).toString('hex')}`;
    await onServer(adminUrl, `create database ${dbName}`);
    env.DATABASE_URL = withDatabase(adminUrl, dbName);
  }
});

afterAll(async () => {
  if (dbName && adminUrl) await onServer(adminUrl, `drop database if exists ${dbName} with (force)`);
  await rm(tmp, { recursive: true, force: true });
});

let companyKey: string;
let link: string;

describe('npm run install-company on an empty database', () => {
  it('should install the insurer and print its CompanyKey, hosts and the first-access link, mailed to the administrator', async () => {
    const { code, text } = await install(command);
    expect(code, text).toBe(0);
    expect(text).toContain('Seguradora instalada: Garantia Exemplo Seguros S.A. (empresa 1).');
    expect(text).toContain('Endereços: seguros.exemplo.com.br, garantia.exemplo.com.br');
    companyKey = text.match(/CompanyKey: (ck-garantia-1-[0-9a-f]{8})\n/)![1]!;
    link = text.match(/(https:\/\/seguros\.exemplo\.com\.br\/primeiro-acesso\/[\w-]+)/)![1]!;
    // The e-mail waits in the mail queue for the server's worker, with the same link.
    const mails = await withInstalled(
      async (d) =>
        (
          (await d.db.execute(sql`select data from pgboss.job where name = 'send-mail'`)) as unknown as {
            rows: { data: { to: string; text: string } }[];
          }
        ).rows,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.data.to).toBe('joana.prado@exemplo.com.br');
    expect(mails[0]!.data.text).toContain(link);
  }, 180_000);

  it('should change nothing when the same command runs again', async () => {
    const before = await fingerprint();
    const { code, text } = await install(command);
    expect(code, text).toBe(0);
    expect(text).toContain('Seguradora já instalada: Garantia Exemplo Seguros S.A. (empresa 1)');
    expect(text).toContain(`CompanyKey: ${companyKey}`);
    expect(text).not.toContain('primeiro-acesso');
    expect(await fingerprint()).toEqual(before);
  }, 120_000);

  it('should refuse a bad CNPJ, and a host of another insurer, in pt-BR, writing nothing', async () => {
    const before = await fingerprint();
    const badCnpj = await install(command.map((a) => (a === cnpj ? '11.222.333/0001-82' : a)));
    expect(badCnpj.code).toBe(1);
    expect(badCnpj.text).toBe(
      'Instalação recusada:\n  --cnpj: CNPJ da seguradora inválido: "11.222.333/0001-82".',
    );
    const other = [
      '--name',
      'Outra Garantia Seguros',
      '--host',
      'outra.exemplo.com.br',
      '--host',
      'garantia.exemplo.com.br',
      '--cnpj',
      cnpjFromBase('998887770001'),
      '--contact',
      'contato@outra.com.br',
      '--admin-name',
      'Caio Lima',
      '--admin-email',
      'caio@outra.com.br',
    ];
    const taken = await install(other);
    expect(taken.code).toBe(1);
    expect(taken.text).toBe(
      'Instalação recusada:\n  --host: O endereço "garantia.exemplo.com.br" já é da seguradora Garantia Exemplo Seguros S.A. (empresa 1): escolha outro endereço.',
    );
    const badHost = await install(other.map((a) => (a === 'outra.exemplo.com.br' ? 'outra_exemplo.com' : a)));
    expect(badHost.text).toContain(
      '--host: Endereço (host) inválido: "outra_exemplo.com". Informe só o nome, como seguros.exemplo.com.br.',
    );
    // The insurer's record: each option's problem named by the option.
    const badRecord = await install([...other, '--state', 'SP', '--city', 'Atlântida']);
    expect(badRecord.text).toBe('Instalação recusada:\n  --city: Cidade não encontrada em SP: "Atlântida".');
    const badFields = await install([...other, '--susep-code', '5886', '--susep-process', '0775=15414']);
    expect(badFields.text).toBe(
      [
        'Instalação recusada:',
        '  --susep-code: Código SUSEP inválido: use os 5 dígitos do registro da seguradora na SUSEP (ex.: 05886).',
        '  --susep-process: Número de processo SUSEP inválido: use o formato 15414.600123/2021-45.',
      ].join('\n'),
    );
    const unknownBank = await install([...other, '--bank', '999']);
    expect(unknownBank.text).toBe(
      'Instalação recusada:\n  --bank: O banco 999 não está na lista de participantes do Banco Central: confira o código.',
    );
    expect(await fingerprint()).toEqual(before);
  }, 120_000);

  it('should let the administrator define a password from the link, sign in, see the Administrador menus and find the standard catalogue', async () => {
    const database = await openInstalled();
    const config = loadConfig({ ...env, WEB_DIST: join(tmp, 'no-web'), TOKEN_RATE_LIMIT_PER_MINUTE: '1000' });
    const { app } = await buildApp({ config, database, logger: false, jobWorkers: false });
    try {
      await app.ready();
      const call = createCall({
        app,
        sign: () => Promise.reject(new Error('no signed tokens here')),
        signIn: () => Promise.reject(new Error('no demo users here')),
      });
      const token = link.split('/').pop()!;
      const password = 'Garantia@2026';
      await call(changeUserInfoPassword, {
        body: { UniqueId: token, Password: password, ConfirmPassword: password },
        companyKey,
      }).then((r) => r.data);
      const res = await passwordGrant({ app }, 'joana.prado@exemplo.com.br', password, companyKey);
      expect(res.statusCode, res.body).toBe(200);
      const accessToken = (res.json() as { access_token: string }).access_token;
      const as = { accessToken, headers: { companykey: companyKey } };

      const me = (await call(getUserInfo, { as, companyKey })).data;
      expect(me.CompanyName).toBe('Garantia Exemplo Seguros S.A.');
      const granted = me.Menus.flatMap((m) => m.MenuFuncionalities.map((f) => f.Id)).sort((a, b) => a - b);
      const administrador = defaultProfiles.find((p) => p.name === 'Administrador')!;
      expect(granted).toEqual([...administrador.permissions].sort((a, b) => a - b));
      expect(me.Menus.map((m) => m.Name)).toEqual(expect.arrayContaining(['Usuários', 'Parametrização']));

      const branches = (await call(getAllCompanyBranch, { as, companyKey })).data;
      expect(branches.map((b) => b.Code)).toEqual(['0775', '0776', 'NamedRisk', 'RC']);
      const publicBranch = branches.find((b) => b.Code === '0775')!;
      const modalities = (
        await call(getModalitiesByBranch, { as, companyKey, query: { branchId: publicBranch.Id } })
      ).data;
      expect(modalities.map((m) => m.Name)).toEqual(expect.arrayContaining(['Licitante', 'Judicial Fiscal']));

      // What its documents print: the record the command line gave, complete.
      const record = (await call(getInsurerRecord, { as, companyKey })).data;
      expect(record).toMatchObject({
        LegalName: 'Garantia Exemplo Seguros S.A.',
        Cnpj: cnpj,
        SusepCode: '05886',
        ZipCode: '01310100',
        StateCode: 'SP',
        CityName: 'São Paulo',
        BankName: 'ITAÚ UNIBANCO S.A.',
        PixKey: 'cobranca@exemplo.com.br',
        SacPhone: '0800 777 1234',
        Missing: [],
      });
      expect(record.SusepProcesses.filter((p) => p.Number).map((p) => `${p.BranchCode}=${p.Number}`)).toEqual(
        ['0775=15414.900001/2026-11', '0776=15414.900002/2026-12'],
      );
    } finally {
      await app.close();
      await database.close();
    }
  }, 60_000);

  it('should recognise an insurer installed before its record existed by the CNPJ its installation wrote as a tag, and fill its record', async () => {
    // As migration 0041 left it: no record; the CNPJ in the tags of its terms.
    await withInstalled(async (d) => {
      await d.db.execute(sql`delete from insurer_records where company_id = 1`);
      await d.db.execute(
        sql`insert into company_tags (company_id, name, value) values (1, 'CNPJ_SEGURADORA', ${cnpj})`,
      );
    });
    const { code, text } = await install(command);
    expect(code, text).toBe(0);
    expect(text).toContain('Seguradora já instalada: Garantia Exemplo Seguros S.A. (empresa 1)');
    const records = await withInstalled(
      async (d) =>
        (
          (await d.db.execute(
            sql`select legal_name, cnpj, susep_code from insurer_records where company_id = 1`,
          )) as unknown as { rows: unknown[] }
        ).rows,
    );
    expect(records).toEqual([
      { legal_name: 'Garantia Exemplo Seguros S.A.', cnpj: cnpj.replace(/\D/g, ''), susep_code: '05886' },
    ]);
  }, 120_000);
});
