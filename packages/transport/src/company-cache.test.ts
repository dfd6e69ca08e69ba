import { describe, expect, it, vi } from 'vitest';
import { cachedLookup } from './company-cache.js';

describe('cachedLookup', () => {
  it('should ask once per key within the time to live and again after it', async () => {
    let clock = 0;
    const lookup = vi.fn(async (key: string) => (key === 'k' ? { id: 54 } : undefined));
    const cached = cachedLookup(lookup, { ttlMs: 1000, now: () => clock });
    expect(await cached('k')).toEqual({ id: 54 });
    expect(await cached('k')).toEqual({ id: 54 });
    expect(lookup).toHaveBeenCalledTimes(1);
    clock = 1001;
    await cached('k');
    expect(lookup).toHaveBeenCalledTimes(2);
  });

  it('should keep an unknown key only for the shorter miss period and forget failures', async () => {
    let clock = 0;
    let fail = true;
    const lookup = vi.fn(async (key: string) => {
      if (key === 'down' && fail) throw new Error('unreachable');
      return undefined;
    });
    const cached = cachedLookup(lookup, { ttlMs: 60_000, missTtlMs: 100, now: () => clock });
    expect(await cached('nope')).toBeUndefined();
    clock = 50;
    await cached('nope');
    expect(lookup).toHaveBeenCalledTimes(1);
    clock = 151;
    await cached('nope');
    expect(lookup).toHaveBeenCalledTimes(2);
    await expect(cached('down')).rejects.toThrow('unreachable');
    fail = false;
    expect(await cached('down')).toBeUndefined();
    expect(lookup).toHaveBeenCalledTimes(4);
  });

  it('should forget one key or every key with a prefix, and peek without loading', async () => {
    const lookup = vi.fn(async (key: string) => `${key}!`);
    const cached = cachedLookup(lookup, { ttlMs: 60_000 });
    expect(cached.peek('54:1:')).toBeUndefined();
    await Promise.all(['54:1:', '54:1:9', '54:2:', '325:1:'].map((k) => cached(k)));
    expect(await cached.peek('54:1:')).toBe('54:1:!');
    cached.forget({ prefix: '54:1:' });
    expect(cached.peek('54:1:')).toBeUndefined();
    expect(cached.peek('54:1:9')).toBeUndefined();
    expect(cached.peek('54:2:')).toBeDefined();
    cached.forget('54:2:');
    expect(cached.peek('54:2:')).toBeUndefined();
    expect(cached.peek('325:1:')).toBeDefined();
    await cached('325:1:');
    expect(lookup).toHaveBeenCalledTimes(4);
    cached.clear();
    expect(cached.peek('325:1:')).toBeUndefined();
  });
});
