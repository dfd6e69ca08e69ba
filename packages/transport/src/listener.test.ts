import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { type NotificationClient, postgresListener } from './listener.js';

/** A stand-in for pg.Client: records queries, delivers notifications, can drop its connection. */
class FakeClient extends EventEmitter {
  queries: string[] = [];
  failConnect = false;
  ended = false;
  async connect() {
    if (this.failConnect) throw new Error('connection refused');
  }
  async query(text: string) {
    if (this.ended) throw new Error('connection ended');
    this.queries.push(text);
    return { rows: [] };
  }
  async end() {
    this.ended = true;
  }
  deliver(channel: string, payload: string) {
    this.emit('notification', { channel, payload });
  }
}

const setup = () => {
  const clients: FakeClient[] = [];
  let refuse = 0;
  const listener = postgresListener(
    () => {
      const c = new FakeClient();
      if (refuse > 0) {
        refuse--;
        c.failConnect = true;
      }
      clients.push(c);
      return c as unknown as NotificationClient;
    },
    { maxBackoffMs: 20, heartbeatMs: 60_000 },
  );
  return { listener, clients, refuseNext: (n: number) => (refuse = n) };
};

describe('postgresListener', () => {
  it('should carry every channel on one connection and dispatch to each subscriber', async () => {
    const { listener, clients } = setup();
    const a: string[] = [];
    const b: string[] = [];
    await listener.listen('kanban_events', (p) => a.push(p));
    await listener.listen('kanban_events', (p) => b.push(p));
    await listener.listen('cache_invalidation', (p) => b.push(`cache:${p}`));
    expect(clients).toHaveLength(1);
    expect(clients[0]!.queries).toEqual(['LISTEN "kanban_events"', 'LISTEN "cache_invalidation"']);
    clients[0]!.deliver('kanban_events', '1');
    clients[0]!.deliver('cache_invalidation', 'users');
    expect(a).toEqual(['1']);
    expect(b).toEqual(['1', 'cache:users']);
    await listener.close();
    expect(clients[0]!.ended).toBe(true);
  });

  it('should UNLISTEN a channel when its last subscriber closes', async () => {
    const { listener, clients } = setup();
    const first = await listener.listen('kanban_events', () => undefined);
    const second = await listener.listen('kanban_events', () => undefined);
    await first.close();
    expect(clients[0]!.queries).not.toContain('UNLISTEN "kanban_events"');
    await second.close();
    expect(clients[0]!.queries).toContain('UNLISTEN "kanban_events"');
    await listener.close();
  });

  it('should tell the subscribers when the connection drops, reconnect, LISTEN again and tell them', async () => {
    const { listener, clients, refuseNext } = setup();
    const got: string[] = [];
    const reconnected = vi.fn();
    const lost = vi.fn();
    await listener.listen('kanban_events', (p) => got.push(p), reconnected, lost);
    expect(listener.live).toBe(true);
    refuseNext(1);
    clients[0]!.emit('error', new Error('terminating connection due to administrator command'));
    expect(listener.live).toBe(false);
    expect(lost).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(reconnected).toHaveBeenCalledTimes(1), { timeout: 2000, interval: 5 });
    // Lost once (not again for the refused attempt), live again after LISTEN.
    expect(lost).toHaveBeenCalledTimes(1);
    expect(listener.live).toBe(true);
    // One refused attempt, then a working connection that listens to the channel again.
    expect(clients).toHaveLength(3);
    expect(clients[2]!.queries).toEqual(['LISTEN "kanban_events"']);
    clients[2]!.deliver('kanban_events', 'after');
    clients[0]!.deliver('kanban_events', 'stale connection');
    expect(got).toEqual(['after']);
    await listener.close();
  });

  it('should refuse a first connection failure to the caller and try again on the next listen', async () => {
    const { listener, clients, refuseNext } = setup();
    expect(listener.live).toBe(false);
    refuseNext(1);
    await expect(listener.listen('kanban_events', () => undefined)).rejects.toThrow('connection refused');
    await listener.listen('kanban_events', () => undefined);
    expect(clients).toHaveLength(2);
    expect(clients[1]!.queries).toEqual(['LISTEN "kanban_events"']);
    await listener.close();
  });

  it('should refuse channel names that are not plain identifiers', async () => {
    const { listener } = setup();
    await expect(listener.listen('x"; drop table users; --', () => undefined)).rejects.toThrow(
      'invalid LISTEN channel name',
    );
  });
});
