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
});
