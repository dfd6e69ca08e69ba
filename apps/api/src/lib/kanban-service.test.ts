import { listKanbanPipes } from '@aval/contracts';
import { UserType } from '@aval/domain';
import { buildKanbanServer, pipes } from '@aval/kanban';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../db/client.js';
import { authHeaders, companyKeyOf, createTestApp, signIn, type TestApp } from '../test/harness.js';

/**
 * The kanban service on the shared transport: its pipes list through CompanyKey, bearer,
 * permission 1 (VISUALIZAR_ESTEIRAS), the company's RLS transaction and the `{ success, data }`
 * reply, both mounted in the API process and run on its own against the API's public calls.
 */
let t: TestApp;
let companyLookups = 0;
const url = listKanbanPipes.path;

const addPipe = (companyId: number, name: string, position: number) =>
  withTenant(t.database.db, companyId, (tx) =>
    tx.insert(pipes).values({ companyId, name, position, token: `${companyId}-${name}` }),
  );

beforeAll(async () => {
  t = await createTestApp({
    extend: (app) =>
      app.addHook('onRequest', async (request) => {
        if (request.url.startsWith('/api/Application/GetCompany')) companyLookups++;
      }),
  });
  await addPipe(54, 'Crédito', 2);
  await addPipe(54, 'Cadastro', 1);
  await addPipe(325, 'Cadastro de outra seguradora', 1);
});
afterAll(() => t.close());

describe('kanban service in the API process', () => {
  it('should list only the caller company pipes in order when the user may view pipes', async () => {
    const { headers } = await signIn(t, 'analista');
    const res = await t.app.inject({ method: 'GET', url, headers });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.data.map((p: { name: string }) => p.name)).toEqual(['Cadastro', 'Crédito']);
    expect(Object.keys(body.data[0]).sort()).toEqual(['id', 'name', 'position', 'token']);
  });

  it('should refuse with 401 a call without a token or with an invalid one', async () => {
    const noToken = await t.app.inject({ method: 'GET', url, headers: { companykey: companyKeyOf(54) } });
    expect(noToken.statusCode).toBe(401);
    expect(noToken.json()).toEqual({ Errors: ['Autenticação necessária.'] });
    const bad = await t.app.inject({
      method: 'GET',
      url,
      headers: { companykey: companyKeyOf(54), authorization: 'Bearer not-a-token' },
    });
    expect(bad.statusCode).toBe(401);
  });

  it('should refuse with 403 a user without permission 1 or of another user type', async () => {
    const noPermission = await authHeaders(t, { cid: 54, utp: UserType.INSURANCE, prm: [2, 34] });
    expect((await t.app.inject({ method: 'GET', url, headers: noPermission })).statusCode).toBe(403);
    const broker = await signIn(t, 'corretor');
    const res = await t.app.inject({ method: 'GET', url, headers: broker.headers });
    expect(res.statusCode).toBe(403);
    expect(res.json().Errors).toEqual(['Este recurso não está disponível para o seu tipo de usuário.']);
  });

  it('should refuse a missing or unknown CompanyKey and a token of another company', async () => {
    const { headers } = await signIn(t, 'analista');
    const { companykey: _key, ...withoutKey } = headers;
    expect((await t.app.inject({ method: 'GET', url, headers: withoutKey })).statusCode).toBe(400);
    const unknown = { ...headers, companykey: 'ck-nope' };
    expect((await t.app.inject({ method: 'GET', url, headers: unknown })).statusCode).toBe(401);
    const other = { ...headers, companykey: companyKeyOf(325) };
    expect((await t.app.inject({ method: 'GET', url, headers: other })).statusCode).toBe(403);
  });

  it('should hide other companies pipes through RLS even without the company filter', async () => {
    const all = await withTenant(t.database.db, 325, (tx) => tx.select().from(pipes));
    expect(all.map((p) => p.name)).toEqual(['Cadastro de outra seguradora']);
  });
});

describe('kanban service on its own', () => {
  let kanban: FastifyInstance;
  beforeAll(async () => {
    const apiUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    kanban = await buildKanbanServer({ db: t.database.db, apiUrl });
  });
  afterAll(() => kanban?.close());

  it('should resolve the CompanyKey through the API once, verify the token by JWKS and list pipes', async () => {
    const { headers } = await signIn(t, 'analista');
    const first = await kanban.inject({ method: 'GET', url, headers });
    expect(first.statusCode).toBe(200);
    expect(first.json().data.map((p: { name: string }) => p.name)).toEqual(['Cadastro', 'Crédito']);
    const second = await kanban.inject({ method: 'GET', url, headers });
    expect(second.statusCode).toBe(200);
    expect(companyLookups).toBe(1);
  });

  it('should refuse an unknown CompanyKey, a missing token and a missing permission', async () => {
    const { headers } = await signIn(t, 'analista');
    const unknown = await kanban.inject({
      method: 'GET',
      url,
      headers: { ...headers, companykey: 'ck-nope' },
    });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ Errors: ['CompanyKey desconhecida.'] });
    const noToken = await kanban.inject({ method: 'GET', url, headers: { companykey: companyKeyOf(54) } });
    expect(noToken.statusCode).toBe(401);
    const noPermission = await authHeaders(t, { cid: 54, utp: UserType.INSURANCE, prm: [] });
    expect((await kanban.inject({ method: 'GET', url, headers: noPermission })).statusCode).toBe(403);
  });
});
