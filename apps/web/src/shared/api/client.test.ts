import { connectToken, endpoint, getPortalConfig, getUserInfo } from '@aval/contracts';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, createApiClient } from './client.js';

type Seen = { url: string; init: RequestInit };

const fakeFetch = (status: number, body: unknown, seen: Seen[] = []) =>
  vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    seen.push({ url: String(url), init: init ?? {} });
    return new Response(body === undefined ? '' : JSON.stringify(body), { status });
  }) as unknown as typeof fetch;

const headersOf = (s: Seen) => s.init.headers as Record<string, string>;

describe('createApiClient', () => {
  it('should send back the furthest write position the API reported, for read-your-writes on a replica', async () => {
    const seen: Seen[] = [];
    const positions = ['0/1A2B3C', '1/0', '0/FFFFFFFF'];
    const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
      seen.push({ url: String(url), init: init ?? {} });
      const position = positions.shift();
      return new Response(JSON.stringify({ Response: {} }), {
        status: 200,
        headers: position ? { 'aval-write-position': position } : {},
      });
    }) as unknown as typeof globalThis.fetch;
    const api = createApiClient({ companyKey: () => 'ck', fetch });
    for (let i = 0; i < 4; i++) await api.call(getUserInfo);
    expect(seen.map((s) => headersOf(s)['aval-read-after'])).toEqual([undefined, '0/1A2B3C', '1/0', '1/0']);
  });

  it('should send CompanyKey and bearer and unwrap Response', async () => {
    const seen: Seen[] = [];
    const api = createApiClient({
      companyKey: () => 'ck',
      accessToken: () => 'tok',
      fetch: fakeFetch(200, { Response: { Name: 'A' } }, seen),
    });
    expect(await api.call(getUserInfo)).toEqual({ Name: 'A' });
    expect(headersOf(seen[0] as Seen).CompanyKey).toBe('ck');
    expect(headersOf(seen[0] as Seen).Authorization).toBe('Bearer tok');
  });

  it('should send no bearer token on calls that need no auth', async () => {
    const seen: Seen[] = [];
    const api = createApiClient({
      companyKey: () => 'ck',
      accessToken: () => 'tok',
      fetch: fakeFetch(200, { Response: {} }, seen),
    });
    await api.call(getPortalConfig, { query: { dns: 'aurora.localhost' } });
    expect(seen[0]?.url).toBe('/api/Application/GetPortalConfig?dns=aurora.localhost');
    expect(headersOf(seen[0] as Seen).Authorization).toBeUndefined();
  });

  it('should send the token endpoint form-encoded and read its raw body', async () => {
    const seen: Seen[] = [];
    const api = createApiClient({
      companyKey: () => 'ck',
      fetch: fakeFetch(200, { access_token: 'a' }, seen),
    });
    const res = await api.call(connectToken, {
      body: { grant_type: 'password', username: 'u@x', password: 'p w' },
    });
    expect(res.access_token).toBe('a');
    expect(headersOf(seen[0] as Seen)['content-type']).toBe('application/x-www-form-urlencoded');
    expect(seen[0]?.init.body).toBe('grant_type=password&username=u%40x&password=p+w');
  });

  it('should turn Errors into an ApiError with the status when the call fails', async () => {
    const api = createApiClient({ fetch: fakeFetch(422, { Errors: ['Regra violada.'] }) });
    const error = await api.call(getUserInfo).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(422);
    expect((error as ApiError).errors).toEqual(['Regra violada.']);
  });

  it('should use the default message when the reply has no body', async () => {
    const api = createApiClient({ fetch: fakeFetch(500, undefined) });
    await expect(api.call(getUserInfo)).rejects.toThrow('Erro ao tentar executar a solicitação.');
  });

  it('should expose the OAuth2 error and the lock time of the token endpoint', async () => {
    const api = createApiClient({
      fetch: fakeFetch(400, {
        error: 'invalid_grant',
        error_description: 'Conta bloqueada.',
        locked_until: '2030-01-01T00:00:00Z',
      }),
    });
    const error = (await api
      .call(connectToken, { body: { grant_type: 'password' } })
      .catch((e) => e)) as ApiError;
    expect(error.oauthError).toBe('invalid_grant');
    expect(error.message).toBe('Conta bloqueada.');
    expect(error.lockedUntil).toBe('2030-01-01T00:00:00Z');
  });

  it('should report a 401 of an authenticated call to the refresh flow and not of a public one', async () => {
    const onUnauthorized = vi.fn();
    const api = createApiClient({ onUnauthorized, fetch: fakeFetch(401, { Errors: ['Sessão expirada.'] }) });
    await expect(api.call(getUserInfo)).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    await expect(api.call(connectToken, { body: { grant_type: 'refresh_token' } })).rejects.toBeInstanceOf(
      ApiError,
    );
    await expect(api.call(getUserInfo, {}, { handleUnauthorized: false })).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('should fill path parameters and repeat array query values', async () => {
    const seen: Seen[] = [];
    const def = endpoint({
      area: 'test',
      method: 'GET',
      path: '/api/X/{id}',
      summary: 'x',
      params: z.object({ id: z.string() }),
      query: z.object({ ids: z.array(z.number()), empty: z.string().optional() }),
      response: z.object({ Data: z.array(z.number()) }),
      envelope: 'raw',
    });
    const api = createApiClient({ fetch: fakeFetch(200, { Data: [1] }, seen) });
    expect(await api.call(def, { params: { id: 'a b' }, query: { ids: [1, 2], empty: '' } })).toEqual({
      Data: [1],
    });
    expect(seen[0]?.url).toBe('/api/X/a%20b?ids=1&ids=2');
  });
  it('should read data of a kanban-service reply and reject success=false with its message', async () => {
    const def = endpoint({
      area: 'test',
      method: 'GET',
      path: '/api/kanban/v1.0/x',
      summary: 'x',
      response: z.array(z.number()),
      envelope: 'data',
    });
    expect(
      await createApiClient({ fetch: fakeFetch(200, { success: true, data: [1, 2] }) }).call(def),
    ).toEqual([1, 2]);
    const refused = createApiClient({
      fetch: fakeFetch(200, { success: false, message: 'Esteira inativa.' }),
    });
    await expect(refused.call(def)).rejects.toMatchObject({ messages: ['Esteira inativa.'] });
  });
});
