import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { EndpointDef, EndpointResult } from '@aval/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../app.js';
import { type Config, loadConfig } from '../config.js';
import { type Database, type Db, openDatabase } from '../db/client.js';
import {
  menuFunctionalities,
  persons,
  profileFunctionalities,
  profiles,
  users,
} from '../modules/users/users.table.js';
import type { AccessClaims } from '../plugins/tokens.js';
import { demoCompanies } from '../seed/companies.js';
import { type Call, type CallRequest, companyKeyOfId, createCall } from './call.js';
import { onServer, withDatabase } from './global-setup.js';

const root = resolve(import.meta.dirname, '../../../..');

/**
 * node-postgres 8 queues a query sent while its client is busy and warns; pg 9 will refuse it.
 * Queries of one request share its transaction's client, so they must run one after another
 * (no Promise.all over ctx.db). Node warns once per process: the first file that overlaps fails
 * in `close` below (on PostgreSQL runs; PGlite has no such client).
 */
const overlapWarning = 'Calling client.query() when the client is already executing a query';
const overlaps: string[] = [];
process.on('warning', (w) => {
  if (w.message.includes(overlapWarning)) overlaps.push(w.stack ?? w.message);
});

export type TestAppOptions = {
  env?: Record<string, string>;
  jobWorkers?: boolean;
  /** Seconds between polls of an idle job worker (default 0.5); NOTIFY wakes workers before. */
  jobPollingSeconds?: number;
  /** Adds routes or hooks before the app is ready (e.g. a route that throws). */
  extend?: (app: FastifyInstance) => void;
  /** Receives the app's JSON log lines (level info unless given); silent otherwise. */
  log?: { write: (line: string) => void; level?: string };
  /**
   * A second API instance on `sameDatabaseAs`'s database (another connection pool and LISTEN
   * connection on PostgreSQL; the same embedded database object on PGlite, which cannot share).
   */
  sameDatabaseAs?: { database: Database; databaseUrl: string | undefined };
};

/**
 * A real API on its own fresh database (a copy of the migrated, seeded template): PGlite by
 * default, PostgreSQL when the run has TEST_DATABASE_URL.
 */
export const createTestApp = async (options: TestAppOptions = {}) => {
  await mkdir(join(root, '.tmp'), { recursive: true });
  const tmp = await mkdtemp(join(root, '.tmp', 'test-'));
  const pgTemplate = inject('postgresTemplate');
  const adminUrl = process.env.TEST_DATABASE_URL;
  let dbName: string | undefined;
  let database: Database;
  let databaseUrl: string | undefined;
  const shared = options.sameDatabaseAs;
  if (shared) {
    databaseUrl = shared.databaseUrl;
    database = databaseUrl ? await openDatabase({ databaseUrl, poolMax: 4 }) : shared.database;
  } else if (pgTemplate && adminUrl) {
    // Named after this run's template so the run's teardown drops its own databases only.
    dbName = `${pgTemplate}_${randomBytes(6).toString('hex')}`;
    await onServer(adminUrl, `create database ${dbName} template ${pgTemplate}`);
    await onServer(adminUrl, `alter database ${dbName} set synchronous_commit = off`);
    databaseUrl = withDatabase(adminUrl, dbName);
    database = await openDatabase({ databaseUrl, poolMax: 4 });
  } else {
    const dir = join(tmp, 'pglite');
    await cp(inject('pgliteTemplate'), dir, { recursive: true });
    database = await openDatabase({ pgliteDir: dir });
  }
  // The demo's files (the seed's uploads) beside the database they belong to.
  if (!shared && existsSync(inject('templateStorage')))
    await cp(inject('templateStorage'), join(tmp, 'storage'), { recursive: true });
  const config: Config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: tmp,
    LOG_LEVEL: 'silent',
    WEB_DIST: join(tmp, 'no-web'),
    TOKEN_RATE_LIMIT_PER_MINUTE: '1000',
    ...options.env,
  });
  const { app, platform } = await buildApp({
    config,
    database,
    logger: options.log ? { level: options.log.level ?? 'info', stream: options.log } : false,
    jobWorkers: options.jobWorkers ?? false,
    jobPollingSeconds: options.jobPollingSeconds ?? 0.5,
  });
  options.extend?.(app);
  await app.ready();

  const close = async () => {
    await app.close();
    if (!shared || databaseUrl) await database.close();
    if (dbName && adminUrl) await onServer(adminUrl, `drop database if exists ${dbName} with (force)`);
    await rm(tmp, { recursive: true, force: true });
    const seen = overlaps.splice(0);
    if (seen.length > 0) throw new Error(`queries overlapped on one pg client:\n${seen.join('\n')}`);
  };

  const caller = callerUsers(database.db);
  const call: Call = createCall({
    app,
    sign: async (claims) => platform.tokens.sign(await caller(claims)),
    signIn: async (user, companyId) => {
      const res = await passwordGrant({ app }, demoUser(user, companyId), DEMO_PASSWORD, companyId);
      if (res.statusCode !== 200) throw new Error(`sign-in of ${user} failed: ${res.body}`);
      return (res.json() as { access_token: string }).access_token;
    },
  });
  /** The payload of a call that must succeed (fails the test with the status and body otherwise). */
  const data = async <D extends EndpointDef>(def: D, request?: CallRequest<D>): Promise<EndpointResult<D>> =>
    (await call(def, request)).data;

  return { app, platform, database, databaseUrl, config, tmp, close, call, data, caller };
};

/**
 * Claims of a real user holding exactly the claimed user type and permissions: the API resolves
 * permissions from the database on each request, so a test that wants "a user with permission 24"
 * gets one (its own profile, and the person and broker/policy-holder links of `sub` when that user
 * exists in the company, so "changed by" names and visibility stay those of `sub`). Memoised per
 * claims: the same claims are the same user.
 */
const callerUsers = (db: Db) => {
  const made = new Map<string, Promise<AccessClaims>>();
  const create = async (claims: AccessClaims): Promise<AccessClaims> => {
    const tag = randomBytes(5).toString('hex');
    const sub = Number(claims.sub);
    const [base] = Number.isSafeInteger(sub)
      ? await db
          .select()
          .from(users)
          .where(and(eq(users.companyId, claims.cid), eq(users.id, sub)))
      : [];
    const personId =
      base?.personId ??
      (
        await db
          .insert(persons)
          .values({ companyId: claims.cid, name: `Usuário de teste ${tag}` })
          .returning()
      )[0]!.id;
    const [profile] = await db
      .insert(profiles)
      .values({ companyId: claims.cid, name: `Perfil de teste ${tag}`, userTypeId: claims.utp })
      .returning();
    const known = new Set(
      (await db.select({ id: menuFunctionalities.id }).from(menuFunctionalities)).map((f) => f.id),
    );
    const granted = [...new Set(claims.prm)].filter((id) => known.has(id));
    if (granted.length) {
      await db
        .insert(profileFunctionalities)
        .values(
          granted.map((id) => ({ companyId: claims.cid, profileId: profile!.id, functionalityId: id })),
        );
    }
    const [user] = await db
      .insert(users)
      .values({
        companyId: claims.cid,
        personId,
        username: `teste-${tag}@chamador.test`,
        userTypeId: claims.utp,
        profileId: profile!.id,
        brokerId: base?.brokerId ?? null,
        policyHolderId: base?.policyHolderId ?? null,
      })
      .returning();
    return { ...claims, sub: String(user!.id) };
  };
  return (claims: AccessClaims) => {
    const prm = [...new Set(claims.prm)].sort((a, b) => a - b);
    const key = JSON.stringify([claims.cid, claims.sub, claims.utp, prm, claims.act]);
    let found = made.get(key);
    if (!found) {
      found = create(claims);
      found.catch(() => made.delete(key));
      made.set(key, found);
    }
    return found;
  };
};

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** The CompanyKey of a demo company, or of one a test installed (`rememberInstalledCompany`). */
export const companyKeyOf = (id: number) => companyKeyOfId(id);

/** Headers of a real user of `claims.cid` with the claimed user type and permissions (see `callerUsers`). */
export const authHeaders = async (
  t: TestApp,
  claims: Partial<AccessClaims> & { cid: number },
): Promise<Record<string, string>> => {
  const token = await t.platform.tokens.sign(await t.caller({ sub: '1', utp: 1, prm: [], ...claims }));
  return { companykey: companyKeyOf(claims.cid), authorization: `Bearer ${token}` };
};

/** Demo username of a company (admin, analista, corretor, corretor2, agente, tomador, assessor). */
export const demoUser = (local: string, companyId = 54) => {
  const c = demoCompanies.find((x) => x.id === companyId)!;
  return `${local}@${c.hosts[0].split('.')[0]}.demo`;
};

export const DEMO_PASSWORD = 'Aval@2026';

const portalClient = { client_id: 'aval-portal', client_secret: 'aval-portal-spa' };

/**
 * POST /connect/token with a grant's form fields, to company `company`: a demo company's id, or the
 * CompanyKey of another (a company the installer created).
 */
const tokenRequest = (t: Pick<TestApp, 'app'>, company: number | string, fields: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/connect/token',
    headers: {
      companykey: typeof company === 'string' ? company : companyKeyOf(company),
      'content-type': 'application/x-www-form-urlencoded',
    },
    payload: new URLSearchParams(fields).toString(),
  });

/** POST /connect/token with the password grant, as the portal does. */
export const passwordGrant = (
  t: Pick<TestApp, 'app'>,
  username: string,
  password = DEMO_PASSWORD,
  companyId: number | string = 54,
  extra: Record<string, string> = {},
) =>
  tokenRequest(t, companyId, {
    grant_type: 'password',
    username,
    password,
    ...portalClient,
    scope: 'openid offline_access',
    ...extra,
  });

/** Signs a demo user in through the real token endpoint; returns request headers. */
export const signIn = async (t: TestApp, local: string, companyId = 54) => {
  const res = await passwordGrant(t, demoUser(local, companyId), DEMO_PASSWORD, companyId);
  if (res.statusCode !== 200) throw new Error(`sign-in of ${local} failed: ${res.body}`);
  const body = res.json() as { access_token: string; refresh_token?: string };
  return {
    headers: { companykey: companyKeyOf(companyId), authorization: `Bearer ${body.access_token}` },
    accessToken: body.access_token,
    refreshToken: body.refresh_token,
  };
};

/** A minimal valid PDF for upload tests. */
export const SAMPLE_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** Uploads one PDF through POST /api/Archive/Upload and returns its uniqueIdentifier. */
export const uploadPdf = async (
  t: TestApp,
  headers: Record<string, string>,
  name = 'documento.pdf',
  data = SAMPLE_PDF,
) => {
  const boundary = '----aval-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/Archive/Upload',
    payload,
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  if (res.statusCode !== 200) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { Response: { uniqueIdentifier: string }[] }).Response[0]!.uniqueIdentifier;
};

/** POST /connect/token with a refresh token (the portal client). */
export const refreshGrant = (t: Pick<TestApp, 'app'>, refreshToken: string, companyId = 54) =>
  tokenRequest(t, companyId, { grant_type: 'refresh_token', refresh_token: refreshToken, ...portalClient });
