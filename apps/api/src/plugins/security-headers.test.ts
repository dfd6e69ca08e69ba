import { getKanbanPipe, listKanbanPipes } from '@aval/contracts';
import { Permission as P, UserType } from '@aval/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { authHeaders, createTestApp, type TestApp } from '../test/harness.js';
import { boardEventsPath } from '../test/kanban.js';

/**
 * Issue 32 item 8: the board's event stream (a hijacked reply) carries the security headers every
 * other reply has, and the CSP frames only the configured external BI origins.
 */
let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ env: { BI_EMBED_ORIGINS: 'https://metabase.exemplo.test' } });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

const viewer = { cid: 54, utp: UserType.INSURANCE, prm: [P.VISUALIZAR_ESTEIRAS] };
const securityHeaderNames = [
  'content-security-policy',
  'x-content-type-options',
  'x-frame-options',
  'strict-transport-security',
  'referrer-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'origin-agent-cluster',
  'x-xss-protection',
];

const frameSrc = (csp: string) =>
  csp
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith('frame-src '));

describe('security headers', () => {
  it('should send the security headers on the board stream as on any other reply', async () => {
    const headers = await authHeaders(t, viewer);
    const pipes = await t.data(listKanbanPipes, { as: viewer });
    const pipe = await t.data(getKanbanPipe, { as: viewer, params: { id: pipes[0]!.id } });
    const plain = await fetch(`${base}/api/kanban/v1.0/pipes`, { headers });
    expect(plain.status).toBe(200);
    await plain.arrayBuffer();
    const controller = new AbortController();
    const stream = await fetch(`${base}${boardEventsPath(pipe.id)}`, { headers, signal: controller.signal });
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
      for (const name of securityHeaderNames) {
        expect(plain.headers.get(name), name).toBeTruthy();
        expect(stream.headers.get(name), name).toBe(plain.headers.get(name));
      }
      expect(stream.headers.get('x-content-type-options')).toBe('nosniff');
      expect(stream.headers.get('x-request-id')).toBeTruthy();
      expect(stream.headers.get('cache-control')).toBe('no-cache, no-transform');
    } finally {
      controller.abort();
    }
  });

  it('should frame only itself and the configured BI origins', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/ready' });
    const csp = String(res.headers['content-security-policy']);
    expect(frameSrc(csp)).toBe("frame-src 'self' https://metabase.exemplo.test");
    expect(csp).not.toContain('http://localhost:*');
    expect(csp).not.toMatch(/frame-src[^;]* https:(;|\s|$)/);
  });

  it('should read BI_EMBED_ORIGINS as a list of origins and refuse what is not one', () => {
    const env = { DATA_DIR: '/tmp/x' };
    expect(loadConfig(env).biEmbedOrigins).toEqual([]);
    expect(
      loadConfig({ ...env, BI_EMBED_ORIGINS: 'https://bi.exemplo.com.br/, http://localhost:3001' })
        .biEmbedOrigins,
    ).toEqual(['https://bi.exemplo.com.br', 'http://localhost:3001']);
    expect(() => loadConfig({ ...env, BI_EMBED_ORIGINS: 'https:' })).toThrow(/BI_EMBED_ORIGINS/);
    expect(() => loadConfig({ ...env, BI_EMBED_ORIGINS: 'https://bi.exemplo.com.br/painel' })).toThrow(
      /BI_EMBED_ORIGINS/,
    );
  });
});
