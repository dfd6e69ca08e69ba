import { getKanbanPipe, listKanbanPipes } from '@aval/contracts';
import { Permission as P, UserType } from '@aval/domain';
import { buildKanbanServer } from '@aval/kanban';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { authHeaders, createTestApp, type TestApp } from '../test/harness.js';
import { boardEventsPath } from '../test/kanban.js';
import { createDatabaseListener } from './notifications.js';

/**
 * Issue 32 item 8: the board's event stream (a hijacked reply) carries the security headers every
 * other reply has, and the CSP frames only the configured external BI origins.
 */
let t: TestApp;
let base: string;
/** The kanban service on its own (the production layout), in front of the same API. */
let kanban: FastifyInstance;
let kanbanBase: string;
beforeAll(async () => {
  t = await createTestApp({ env: { BI_EMBED_ORIGINS: 'https://metabase.exemplo.test' } });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  kanban = await buildKanbanServer({
    db: t.database.db,
    apiUrl: base,
    // The boards' streams need the LISTEN connection, as in production.
    listener: createDatabaseListener(t.database),
    accessCacheSeconds: 0,
  });
  kanbanBase = await kanban.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await kanban?.close();
  await t?.close();
});

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

  it("should send the API's security headers from the stand-alone kanban service, on every reply and its board stream", async () => {
    const headers = await authHeaders(t, viewer);
    const fromApi = await fetch(`${base}/api/kanban/v1.0/pipes`, { headers });
    await fromApi.arrayBuffer();
    const pipes = await t.data(listKanbanPipes, { as: viewer });
    const controller = new AbortController();
    const replies = {
      pipes: await fetch(`${kanbanBase}/api/kanban/v1.0/pipes`, { headers }),
      unauthenticated: await fetch(`${kanbanBase}/api/kanban/v1.0/pipes`, {
        headers: { companykey: headers.companykey! },
      }),
      notFound: await fetch(`${kanbanBase}/nada`),
      health: await fetch(`${kanbanBase}/health`),
      stream: await fetch(`${kanbanBase}${boardEventsPath(pipes[0]!.id)}`, {
        headers,
        signal: controller.signal,
      }),
    };
    try {
      expect(replies.pipes.status).toBe(200);
      expect(replies.unauthenticated.status).toBe(401);
      expect(replies.notFound.status).toBe(404);
      expect(replies.stream.status).toBe(200);
      expect(replies.stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
      for (const [what, reply] of Object.entries(replies)) {
        for (const name of securityHeaderNames) {
          const expected = fromApi.headers.get(name);
          expect(expected, name).toBeTruthy();
          if (name === 'content-security-policy') {
            // The same policy; the kanban service serves no page, so it frames no BI origin.
            const csp = reply.headers.get(name)!;
            expect(frameSrc(csp), what).toBe("frame-src 'self'");
            expect(csp, what).toBe(expected!.replace(frameSrc(expected!)!, "frame-src 'self'"));
          } else {
            expect(reply.headers.get(name), `${what}: ${name}`).toBe(expected);
          }
        }
        expect(reply.headers.get('x-request-id'), what).toBeTruthy();
      }
    } finally {
      controller.abort();
      for (const reply of Object.values(replies)) await reply.body?.cancel().catch(() => undefined);
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
