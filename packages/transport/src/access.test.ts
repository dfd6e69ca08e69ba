import { describe, expect, it, vi } from 'vitest';
import { ACCESS_CHANNEL, type AccessChange, createAccessCaches, userKey } from './access.js';
import type { PgListener } from './listener.js';

/** A listener whose notifications, reconnections and liveness the test drives. */
const fakeListener = () => {
  const subs: { notify: (payload: string) => void; reconnect?: () => void }[] = [];
  const listener: PgListener & { live: boolean } = {
    live: true,
    listen: async (channel, onNotification, onReconnect) => {
      expect(channel).toBe(ACCESS_CHANNEL);
      subs.push({ notify: onNotification, reconnect: onReconnect });
      return { close: async () => undefined };
    },
    close: async () => undefined,
  };
  return {
    listener,
    notify: (payload: string) => {
      for (const s of subs) s.notify(payload);
    },
    reconnect: () => {
      for (const s of subs) s.reconnect?.();
    },
  };
};

describe('createAccessCaches', () => {
  it('should keep a user lookup until a change of that user is heard, then tell the watchers after forgetting it', async () => {
    const fake = fakeListener();
    const caches = createAccessCaches(fake.listener, { ttlSeconds: 3600 });
    await caches.start();
    let version = 1;
    const load = vi.fn(async (key: string) => `${key}v${version}`);
    const lookup = caches.lookup(load);
    expect(await lookup(userKey(54, 7))).toBe('54:7:v1');
    expect(await lookup(userKey(54, 8))).toBe('54:8:v1');
    version = 2;
    expect(await lookup(userKey(54, 7))).toBe('54:7:v1');

    const seen: { change: AccessChange; now: string | undefined }[] = [];
    const stop = caches.onChange((change) => {
      // A watcher reads the new state: the kept one is gone before it is told.
      void lookup(userKey(54, 7)).then((now) => seen.push({ change, now }));
    });
    fake.notify('54:7');
    await vi.waitFor(() => expect(seen).toEqual([{ change: { companyId: 54, userId: 7 }, now: '54:7:v2' }]));
    expect(await lookup(userKey(54, 8))).toBe('54:8:v1');

    fake.notify('54:*');
    await vi.waitFor(() => expect(seen[1]?.change).toEqual({ companyId: 54, userId: undefined }));
    expect(await lookup(userKey(54, 8))).toBe('54:8:v2');

    stop();
    fake.reconnect();
    expect(seen).toHaveLength(2);
    await caches.close();
  });

  it('should read every time while notifications are down or without a listener, and tell the watchers of a reconnection', async () => {
    const fake = fakeListener();
    const caches = createAccessCaches(fake.listener, { ttlSeconds: 3600 });
    await caches.start();
    const load = vi.fn(async (key: string) => key);
    const lookup = caches.lookup(load);
    fake.listener.live = false;
    await lookup(userKey(54, 7));
    await lookup(userKey(54, 7));
    expect(load).toHaveBeenCalledTimes(2);

    fake.listener.live = true;
    await lookup(userKey(54, 7));
    await lookup(userKey(54, 7));
    expect(load).toHaveBeenCalledTimes(3);
    const changes: AccessChange[] = [];
    caches.onChange((change) => changes.push(change));
    fake.reconnect();
    expect(changes).toEqual([undefined]);
    await lookup(userKey(54, 7));
    expect(load).toHaveBeenCalledTimes(4);

    const alone = createAccessCaches(undefined, { ttlSeconds: 3600 });
    await alone.start();
    const once = vi.fn(async () => 'asked');
    const uncached = alone.lookup<string>(async () => undefined);
    expect(await uncached(userKey(54, 7), once)).toBe('asked');
    expect(await uncached(userKey(54, 7), once)).toBe('asked');
    expect(once).toHaveBeenCalledTimes(2);
  });

  it('should drop the entries at once on `changed` and send the NOTIFY in the transaction', async () => {
    const fake = fakeListener();
    const caches = createAccessCaches(fake.listener, { ttlSeconds: 3600 });
    const load = vi.fn(async (key: string) => key);
    const lookup = caches.lookup(load);
    await lookup(userKey(54, 7));
    const execute = vi.fn(async () => undefined);
    await caches.changed({ execute }, 54, [7]);
    expect(execute).toHaveBeenCalledTimes(1);
    await lookup(userKey(54, 7));
    expect(load).toHaveBeenCalledTimes(2);
  });
});
