import { getPortalConfig, searchInsureds } from '@aval/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';
import { logFormatOf, maskPersonalData } from './logging.js';

/** Issue 34 item 3: one concise line per request, no body, no query string, personal data masked. */
const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    log: { write: (line) => void lines.push(line) },
    extend: (app) => {
      app.post('/test/echo', async (req) => {
        req.log.info(`cadastro do CPF 123.456.789-09 por maria.silva@exemplo.com.br (CNPJ 12345678000195)`);
        return { ok: true };
      });
    },
  });
});
afterAll(() => t.close());

type Line = { level: number; msg: string; method?: string; route?: string; status?: number; ms?: number };
const logged = () => lines.map((l) => JSON.parse(l) as Line);

describe('the process log', () => {
  it('should write one line per request with its route, status and time, never its query or body', async () => {
    lines.length = 0;
    await t.call(searchInsureds, {
      as: 'admin',
      query: { InsuredDocument: '123.456.789-09' } as never,
    });
    await t.call(getPortalConfig, { as: 'admin' });
    // Every line of a request is its one line (the sign-in's token call included).
    const requests = logged().filter((l) => l.route !== undefined);
    expect(requests.filter((l) => /SearchInsureds/i.test(l.route!))).toHaveLength(1);
    expect(requests.filter((l) => /GetPortalConfig|Portal/i.test(l.route!))).toHaveLength(1);
    expect(logged().filter((l) => l.route === undefined)).toEqual([]);
    expect(requests.at(-2)).toMatchObject({ level: 30, method: 'GET', status: 200 });
    expect(requests.at(-2)!.msg).toMatch(/^GET \/api\/Insured\/\S+ 200 \d+ ms$/i);
    expect(typeof requests.at(-2)!.ms).toBe('number');
    const all = lines.join('\n');
    expect(all).not.toContain('123.456.789-09');
    expect(all).not.toContain('InsuredDocument');
    // Fastify's own "incoming request" / "request completed" lines are off.
    expect(all).not.toContain('incoming request');
  });

  it('should mask CPF, CNPJ and e-mail addresses in what the code logs', async () => {
    lines.length = 0;
    const r = await t.app.inject({
      method: 'POST',
      url: '/test/echo',
      payload: { Password: 'segredo-123', Document: '123.456.789-09' },
      headers: { authorization: 'Bearer eyJhbGciOi.eyJzdWIiOiIx.assinatura' },
    });
    expect(r.statusCode).toBe(200);
    const all = lines.join('\n');
    expect(all).toContain('cadastro do CPF ***.***.***-** por m***@exemplo.com.br (CNPJ **.***.***/****-**)');
    for (const secret of ['123.456.789-09', '12345678000195', 'maria.silva', 'segredo-123', 'eyJhbGciOi'])
      expect(all).not.toContain(secret);
  });

  it('should mask every kind of personal data in a text', () => {
    expect(
      maskPersonalData('CPF 12345678909, CNPJ 12.345.678/0001-95, alfanumérico 12.ABC.345/01DE-35'),
    ).toBe('CPF ***.***.***-**, CNPJ **.***.***/****-**, alfanumérico **.***.***/****-**');
    expect(maskPersonalData('Authorization: Bearer abc.def-ghi')).toBe('Authorization: Bearer [oculto]');
    expect(maskPersonalData('apólice 0776.2026.0000001-9, proposta 123')).toBe(
      'apólice 0776.2026.0000001-9, proposta 123',
    );
  });

  it('should be JSON for collectors and in production, readable on a terminal', () => {
    expect(logFormatOf({}, false)).toBe('json');
    expect(logFormatOf({ NODE_ENV: 'development' }, true)).toBe('pretty');
    expect(logFormatOf({ NODE_ENV: 'production' }, true)).toBe('json');
    expect(logFormatOf({ LOG_FORMAT: 'pretty' }, false)).toBe('pretty');
  });
});
