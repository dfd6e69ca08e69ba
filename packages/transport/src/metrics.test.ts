import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createServiceMetrics, metricsAccessOf, registerMetrics } from './metrics.js';

const token = 'token-de-metricas-0123456789';

const serve = async () => {
  const app = Fastify();
  const metrics = createServiceMetrics({
    processMetrics: false,
    pool: { totalCount: 3, idleCount: 2, waitingCount: 0 },
  });
  registerMetrics(app, metrics, { allow: ['10.0.0.0/8', '::1'], token });
  app.get('/items/:id', async () => ({ ok: true }));
  await app.ready();
  return app;
};

describe('registerMetrics', () => {
  it('should serve /metrics to the allowed networks or the token only, and 404 to anyone else', async () => {
    const app = await serve();
    const from = (remoteAddress: string, authorization?: string) =>
      app.inject({ url: '/metrics', remoteAddress, headers: authorization ? { authorization } : {} });
    expect((await from('10.9.8.7')).statusCode).toBe(200);
    // An IPv4 client on a dual-stack socket is still the IPv4 address.
    expect((await from('::ffff:10.9.8.7')).statusCode).toBe(200);
    expect((await from('::1')).statusCode).toBe(200);
    const outside = await from('192.0.2.1');
    expect(outside.statusCode).toBe(404);
    expect(outside.json()).toEqual({ Errors: ['Recurso não encontrado.'] });
    expect((await from('192.0.2.1', 'Bearer token-de-metricas-9999999999')).statusCode).toBe(404);
    const withToken = await from('192.0.2.1', `Bearer ${token}`);
    expect(withToken.statusCode).toBe(200);
    expect(withToken.headers['content-type']).toContain('text/plain');
    await app.close();
  });

  it('should time requests by route pattern, never by URL, and give unmatched paths one label', async () => {
    const app = await serve();
    await app.inject({ url: '/items/42?secret=x' });
    await app.inject({ url: '/nothing/here' });
    const body = (await app.inject({ url: '/metrics', remoteAddress: '10.0.0.1' })).body;
    expect(body).toMatch(
      /^aval_http_request_duration_seconds_count\{method="GET",route="\/items\/:id",status="200"\} 1$/m,
    );
    expect(body).toMatch(
      /^aval_http_request_duration_seconds_count\{method="GET",route="\(none\)",status="404"\} 1$/m,
    );
    expect(body).not.toContain('secret');
    expect(body).toMatch(/^aval_board_streams_open 0$/m);
    expect(body).toMatch(/^aval_db_pool_connections 3$/m);
    expect(body).toMatch(/^aval_db_pool_idle 2$/m);
    // No pg-boss database given: no queue series.
    expect(body).not.toContain('aval_job_queue_ready');
    await app.close();
  });
});

describe('metricsAccessOf', () => {
  it('should default to this machine without a token and read the allow-list and the token', () => {
    expect(metricsAccessOf({})).toEqual({ allow: ['127.0.0.1', '::1'], token: undefined });
    expect(metricsAccessOf({ METRICS_ALLOW: ' 10.0.0.0/8, ::1 ,', METRICS_TOKEN: token })).toEqual({
      allow: ['10.0.0.0/8', '::1'],
      token,
    });
  });

  it('should refuse an entry that is no address or range, and a short token, naming the variable', () => {
    expect(() => metricsAccessOf({ METRICS_ALLOW: '10.0.0.0/33' })).toThrow(/METRICS_ALLOW/);
    expect(() => metricsAccessOf({ METRICS_ALLOW: 'loopback' })).toThrow(/METRICS_ALLOW/);
    expect(() => metricsAccessOf({ METRICS_TOKEN: 'curto' })).toThrow(/METRICS_TOKEN/);
  });
});
