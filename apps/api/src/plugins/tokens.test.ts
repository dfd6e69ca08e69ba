import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  vi.useRealTimers();
  await t.close();
});

describe('access tokens', () => {
  it('should keep refusing a token once it has expired, also after it was verified before', async () => {
    const token = await t.platform.tokens.sign({ sub: '1', cid: 54, utp: 1, prm: [] }, 60);
    expect((await t.platform.tokens.verify(token)).sub).toBe('1');
    expect((await t.platform.tokens.verify(token)).cid).toBe(54);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
    await expect(t.platform.tokens.verify(token)).rejects.toThrow(/exp/);
    vi.useRealTimers();
  });

  it('should refuse a token whose signature was altered, even beside a verified one', async () => {
    const token = await t.platform.tokens.sign({ sub: '7', cid: 54, utp: 1, prm: [] });
    await t.platform.tokens.verify(token);
    const [h, p] = token.split('.');
    const forged = `${h}.${p}.${'A'.repeat(86)}`;
    await expect(t.platform.tokens.verify(forged)).rejects.toThrow();
  });
});
