import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/harness.js';

/**
 * The portal's files as the API serves them: the web build's Brotli or gzip copy to a browser that
 * takes it (no compression per request), hashed assets cached for a year, the page checked each time.
 */
let t: TestApp;
let dir: string;
const script = `export const greeting = ${JSON.stringify('Olá, '.repeat(400))};\n`;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'aval-web-'));
  await mkdir(join(dir, 'assets'));
  await writeFile(join(dir, 'index.html'), '<!doctype html><title>Aval</title><div id="root"></div>');
  await writeFile(join(dir, 'assets', 'index-abc123.js'), script);
  await writeFile(join(dir, 'assets', 'index-abc123.js.br'), brotliCompressSync(script));
  await writeFile(join(dir, 'assets', 'index-abc123.js.gz'), gzipSync(script));
  t = await createTestApp({ env: { WEB_DIST: dir } });
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the portal files', () => {
  it("should send a hashed asset's Brotli copy to a browser that takes it, cached for a year", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
    expect(res.rawPayload.length).toBeLessThan(script.length / 4);
  });

  it('should send gzip or the plain file to other browsers, and the page uncached', async () => {
    const gz = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    const page = await t.app.inject({ method: 'GET', url: '/propostas' });
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-cache');
  });
});
