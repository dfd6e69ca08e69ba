import { uploadArchives } from '@aval/contracts';
import { like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.js';
import { rateCounters } from '../../lib/counters.table.js';
import { type Caller, createCall } from '../../test/call.js';
import { createTestApp, SAMPLE_PDF, type TestApp } from '../../test/harness.js';
import { archives } from './files.table.js';

// Quotas small enough to reach: 3 requests a minute per user, 5 per company; bytes per day.
const PDF_BYTES = SAMPLE_PDF.length;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: {
      UPLOAD_USER_REQUESTS_PER_MINUTE: '3',
      UPLOAD_COMPANY_REQUESTS_PER_MINUTE: '5',
      UPLOAD_USER_BYTES_PER_DAY: String(PDF_BYTES * 4),
      UPLOAD_COMPANY_BYTES_PER_DAY: String(PDF_BYTES * 6),
    },
  });
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

/** Each test in its own minute and day, so fixed windows never roll over in the middle of one. */
const clockAt = (iso: string) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
};

const user = (sub: number, cid = 54): Caller => ({ cid, utp: 1, sub: String(sub) });
const upload = (as: Caller, files = 1, call = t.call) =>
  call(uploadArchives, {
    as,
    files: Array.from({ length: files }, (_, i) => ({ name: `doc-${i}.pdf`, data: SAMPLE_PDF })),
  });
const archiveCount = async () => (await t.database.db.select().from(archives)).length;

describe('upload quotas', () => {
  it('should refuse a user past its requests per minute with a pt-BR 429, and let it in the next minute', async () => {
    clockAt('2031-05-10T10:00:05Z');
    for (let i = 0; i < 3; i++) expect((await upload(user(101))).status).toBe(200);
    const before = await archiveCount();
    const refused = await upload(user(101));
    expect(refused.status).toBe(429);
    expect(refused.errors).toEqual([
      'Você fez muitos envios de arquivos em pouco tempo (limite de 3 por minuto). Aguarde um momento e tente novamente.',
    ]);
    expect(refused.headers['retry-after']).toBe('55');
    expect(await archiveCount()).toBe(before);
    // Another user of the company is not held back by the first one's quota.
    expect((await upload(user(102))).status).toBe(200);
    vi.setSystemTime(new Date('2031-05-10T10:01:00Z'));
    expect((await upload(user(101))).status).toBe(200);
  });

  it("should refuse every user of a company past the company's requests per minute, not other companies", async () => {
    clockAt('2031-05-11T10:00:00Z');
    for (const sub of [201, 202, 203, 204, 205]) expect((await upload(user(sub))).status).toBe(200);
    const refused = await upload(user(206));
    expect(refused.status).toBe(429);
    expect(refused.errors[0]).toMatch(/^Os usuários desta seguradora fizeram muitos envios de arquivos/);
    expect((await upload(user(206, 325))).status).toBe(200);
  });

  it('should refuse a user past its bytes per day, counting every file of a request', async () => {
    clockAt('2031-05-12T10:00:00Z');
    expect((await upload(user(301), 3)).status).toBe(200);
    const refused = await upload(user(301), 2);
    expect(refused.status).toBe(429);
    expect(refused.errors[0]).toMatch(/^Você atingiu o limite diário de envio de arquivos \(/);
    expect(Number(refused.headers['retry-after'])).toBe(14 * 3600);
    // What fits the rest of the day still goes in; the next day starts afresh.
    expect((await upload(user(301), 1)).status).toBe(200);
    expect((await upload(user(301), 1)).status).toBe(429);
    vi.setSystemTime(new Date('2031-05-13T00:00:00Z'));
    expect((await upload(user(301), 2)).status).toBe(200);
  });

  it('should hold across API instances: the counters are rows in PostgreSQL', async () => {
    clockAt('2031-05-14T10:00:00Z');
    const second = await buildApp({
      config: t.config,
      database: t.database,
      logger: false,
      jobWorkers: false,
    });
    await second.app.ready();
    try {
      const callSecond = createCall({
        app: second.app,
        sign: (claims) => second.platform.tokens.sign(claims),
        signIn: () => Promise.reject(new Error('not used')),
      });
      // One real user (test callers are users of the database), its token valid on both instances.
      const claims = await t.caller({ cid: 54, utp: 1, sub: '401', prm: [] });
      const as: Caller = { token: await t.platform.tokens.sign(claims), company: 54 };
      const key = `upload-requests:user:54:${claims.sub}`;
      expect((await upload(as, 1, t.call)).status).toBe(200);
      expect((await upload(as, 1, callSecond)).status).toBe(200);
      expect((await upload(as, 1, t.call)).status).toBe(200);
      expect((await upload(as, 1, callSecond)).status).toBe(429);
      const rows = await t.database.db.select().from(rateCounters).where(like(rateCounters.key, key));
      expect(rows.map((r) => r.count)).toEqual([3]);
      // The database is the only source: clearing the row lets the user in again on both.
      await t.database.db.delete(rateCounters).where(like(rateCounters.key, key));
      expect((await upload(as, 1, callSecond)).status).toBe(200);
    } finally {
      await second.app.close();
    }
  });
});
