import SwaggerParser from '@apidevtools/swagger-parser';
import { getPortalConfig, getSharedAccessSignatureToUpload } from '@aval/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyKeyOf, createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { METRICS_TOKEN: 'token-de-metricas-0123456789' },
    extend: (app) => {
      app.get('/api/Test/Boom', async () => {
        throw new Error('select * from secret_table where password = 1');
      });
    },
  });
});
afterAll(() => t.close());

describe('GetPortalConfig', () => {
  it('should return the company of a known host with the spec theme defaults', async () => {
    const res = await t.call(getPortalConfig, { query: { dns: 'aurora.localhost' } });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({
      CompanyId: 54,
      CompanyKey: companyKeyOf(54),
      Maintenance: false,
      Layout: {
        PrimaryColor: '#0e65a5',
        SuccessColor: '#28C76F',
        DangerColor: '#EA5455',
        Font: 'Montserrat',
      },
    });
  });

  it("should answer from memory while the host is cached: the same bytes, and each host its own company's", async () => {
    const first = await t.call(getPortalConfig, { query: { dns: 'aurora.localhost' } });
    const kept = await t.call(getPortalConfig, { query: { dns: 'aurora.localhost' } });
    const other = await t.call(getPortalConfig, { query: { dns: 'pilar.localhost' } });
    expect(kept.raw.body).toBe(first.raw.body);
    expect(kept.headers['content-type']).toBe(first.headers['content-type']);
    expect(other.data.CompanyName).not.toBe(first.data.CompanyName);
    expect((await t.call(getPortalConfig, { query: { dns: 'pilar.localhost' } })).raw.body).toBe(
      other.raw.body,
    );
  });

  it('should map plain localhost to the default company and ignore the port', async () => {
    const config = await t.data(getPortalConfig, { query: { dns: 'localhost:3000' } });
    expect(config.CompanyId).toBe(54);
  });

  it('should route case-insensitively, path and query keys alike', async () => {
    const res = await t.app.inject({ url: '/API/application/getportalconfig?DNS=pilar.localhost' });
    expect(res.statusCode).toBe(200);
    expect(res.json().Response.CompanyId).toBe(159161);
  });

  it('should answer 404 with a pt-BR message when the host is unknown', async () => {
    const res = await t.call(getPortalConfig, { query: { dns: 'desconhecido.localhost' } });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      Errors: ['Nenhuma seguradora está configurada para o endereço "desconhecido.localhost".'],
    });
  });

  it('should answer 400 with Errors when dns is missing', async () => {
    const res = await t.call(getPortalConfig, { query: {} as { dns: string } });
    expect(res.status).toBe(400);
    expect(res.errors).toHaveLength(1);
  });
});

describe('tenancy and authentication on /api calls', () => {
  const storageInfo = getSharedAccessSignatureToUpload;

  it('should refuse a call without CompanyKey with 400', async () => {
    const res = await t.call(storageInfo, { companyKey: null });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ Errors: ['Cabeçalho CompanyKey ausente.'] });
  });

  it('should refuse an unknown CompanyKey with 401', async () => {
    const res = await t.call(storageInfo, { companyKey: 'nao-existe' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ Errors: ['CompanyKey desconhecida.'] });
  });

  it('should refuse a call without a bearer token with 401', async () => {
    expect((await t.call(storageInfo, { companyKey: 54 })).status).toBe(401);
  });

  it('should refuse a forged token with 401', async () => {
    const res = await t.call(storageInfo, { as: { token: 'eyJhbGciOiJub25lIn0.e30.', company: 54 } });
    expect(res.status).toBe(401);
  });

  it('should refuse a token of another company with 403', async () => {
    const res = await t.call(storageInfo, { as: { cid: 325 }, companyKey: companyKeyOf(54) });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ Errors: ['Este acesso pertence a outra seguradora.'] });
  });

  it('should accept a token of the same company', async () => {
    const res = await t.call(storageInfo, { as: { cid: 54 } });
    expect(res.status).toBe(200);
    expect(res.data.ContainerName).toBe('company-54');
  });
});

describe('wire format', () => {
  it('should echo a request id on every response', async () => {
    const res = await t.app.inject({ url: '/health' });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const given = await t.app.inject({ url: '/health', headers: { 'x-request-id': 'abc-12345678' } });
    expect(given.headers['x-request-id']).toBe('abc-12345678');
  });

  it("should send Helmet's security headers on every response, errors included", async () => {
    for (const res of [
      await t.app.inject({ url: '/health' }),
      await t.app.inject({ url: '/api/Nada/Existe' }),
      await t.app.inject({ url: '/api/Security/GetUserInfo' }),
    ]) {
      expect(res.headers).toMatchObject({
        'content-security-policy':
          "default-src 'self';base-uri 'self';font-src 'self' data:;form-action 'self';frame-ancestors 'self';img-src 'self' data: blob:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';connect-src 'self';frame-src 'self'",
        'strict-transport-security': 'max-age=31536000; includeSubDomains',
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'SAMEORIGIN',
        'referrer-policy': 'no-referrer',
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-resource-policy': 'same-origin',
        'x-dns-prefetch-control': 'off',
      });
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('should answer unknown /api paths with a JSON 404', async () => {
    const res = await t.app.inject({ url: '/api/Nada/Existe' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ Errors: ['Recurso não encontrado.'] });
  });

  it('should hide internals of unexpected errors behind a 500', async () => {
    const res = await t.app.inject({ url: '/api/Test/Boom' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('secret_table');
    expect(res.json()).toEqual({
      Errors: ['Algo inesperado aconteceu! Por favor contate o administrador do sistema.'],
    });
  });

  it('should report liveness, and readiness only while the database holds every migration', async () => {
    expect((await t.app.inject({ url: '/health' })).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ url: '/live' })).json()).toEqual({ status: 'ok' });
    // A migration not applied yet (another instance migrating, its transaction not committed).
    const [last] = (
      (await t.database.db.execute(
        sql`delete from __drizzle_migrations where id = (select max(id) from __drizzle_migrations) returning *`,
      )) as unknown as { rows: Record<string, unknown>[] }
    ).rows;
    const pending = await t.app.inject({ url: '/ready' });
    expect(pending.statusCode).toBe(503);
    expect(pending.json()).toEqual({ Errors: ['Migrações pendentes no banco de dados.'] });
    expect((await t.app.inject({ url: '/live' })).statusCode).toBe(200);
    await t.database.db.execute(
      sql`insert into __drizzle_migrations (id, hash, created_at) values (${last!.id}, ${last!.hash}, ${last!.created_at})`,
    );
    const ready = await t.app.inject({ url: '/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().status).toBe('ready');
  });

  it('should serve Prometheus metrics to this machine or the configured token only, by route pattern', async () => {
    await t.call(getPortalConfig, { query: { dns: 'aurora.localhost' } });
    expect((await t.app.inject({ url: '/metrics', remoteAddress: '10.1.2.3' })).statusCode).toBe(404);
    const wrong = { authorization: 'Bearer token-de-metricas-9999999999' };
    expect(
      (await t.app.inject({ url: '/metrics', remoteAddress: '10.1.2.3', headers: wrong })).statusCode,
    ).toBe(404);
    const res = await t.app.inject({
      url: '/metrics',
      remoteAddress: '10.1.2.3',
      headers: { authorization: 'Bearer token-de-metricas-0123456789' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    // The route's pattern, never the URL with its query string.
    expect(res.body).toMatch(
      /^aval_http_request_duration_seconds_count\{method="GET",route="\/api\/Application\/GetPortalConfig",status="200"\} [1-9]/m,
    );
    expect(res.body).not.toContain('dns=');
    for (const name of ['aval_job_queue_ready', 'aval_job_queue_oldest_seconds', 'aval_board_streams_open'])
      expect(res.body).toContain(`# TYPE ${name} gauge`);
    expect(res.body).toContain('# TYPE aval_kanban_late_cards gauge');
    // The pool's figures where there is a pool (PostgreSQL); PGlite has one embedded connection.
    expect(res.body.includes('aval_db_pool_connections')).toBe(t.database.driver === 'postgres');
    // Local (the harness's inject comes from 127.0.0.1): no token needed.
    expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(200);
  });

  it('should publish the OpenAPI document and the JWKS', async () => {
    const doc = (await t.app.inject({ url: '/docs/json' })).json();
    expect(doc.paths['/api/Application/GetPortalConfig']).toBeDefined();
    // Every `$ref` resolves and the document is a valid OpenAPI 3 document (the /docs UI showed
    // "Could not resolve pointer" for each operation before the named schemas were registered).
    const refs = new Set([...JSON.stringify(doc).matchAll(/"\$ref":"([^"]+)"/g)].map((m) => m[1]));
    expect(refs.size).toBeGreaterThan(0);
    for (const ref of refs) {
      const name = String(ref).replace('#/components/schemas/', '');
      expect(doc.components.schemas?.[name], ref).toBeDefined();
    }
    await expect(SwaggerParser.validate(structuredClone(doc))).resolves.toBeTruthy();
    const jwks = (await t.app.inject({ url: '/.well-known/jwks.json' })).json();
    expect(jwks.keys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA' });
    expect(jwks.keys[0].d).toBeUndefined();
  });
});
