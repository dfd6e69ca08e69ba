import { sql } from 'drizzle-orm';

/**
 * PostgreSQL LISTEN/NOTIFY shared by the services (kanban real-time boards, cross-instance
 * signals of the API): ONE dedicated connection per process carries every channel, whatever the
 * number of subscribers. A NOTIFY sent inside a transaction is delivered to every instance
 * listening on the database when (and only if) that transaction commits.
 *
 * Notifications are signals, not storage: a connection can drop and miss some. Subscribers keep
 * their data in a table (an outbox) and use `onReconnect` to re-read what they may have missed.
 * The `listen` shape is pg-boss's `IDatabase.listen`, so the same listener can serve it.
 */
export type ListenHandle = { close: () => Promise<void> };

export type PgListener = {
  /**
   * Calls `onNotification` with the payload of every NOTIFY on `channel` (a lower-case SQL
   * identifier) and `onReconnect` after the connection was lost and LISTEN re-established.
   * Resolves once the subscription is active.
   */
  listen: (
    channel: string,
    onNotification: (payload: string) => void,
    onReconnect?: () => void,
    onLost?: (err: Error) => void,
  ) => Promise<ListenHandle>;
  /**
   * Whether notifications arrive now: false before the first connection and from the moment it
   * is lost (error, end, heartbeat unanswered) until it is re-established. A cache that trusts
   * notifications bounds its staleness by this.
   */
  readonly live: boolean;
  /** Ends the subscriptions and the dedicated connection. */
  close: () => Promise<void>;
};

const channelPattern = /^[a-z_][a-z0-9_]{0,62}$/;

const checkChannel = (channel: string) => {
  if (!channelPattern.test(channel)) throw new Error(`invalid LISTEN channel name: ${channel}`);
};

/** Sends `payload` (at most ~7 kB: send ids, not data) on `channel`; in a transaction, on commit. */
export const notify = async (
  db: { execute: (query: ReturnType<typeof sql>) => Promise<unknown> },
  channel: string,
  payload: string,
): Promise<void> => {
  checkChannel(channel);
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
};

type Subscription = {
  onNotification: (payload: string) => void;
  onReconnect?: () => void;
  onLost?: (err: Error) => void;
};

/** The part of a `pg.Client` the listener uses (a fresh, unpooled client per connection). */
export type NotificationClient = {
  connect: () => Promise<unknown>;
  // biome-ignore lint/suspicious/noExplicitAny: pg's query result rows
  query: (text: string, values?: unknown[]) => Promise<{ rows: any[] }>;
  on: ((event: 'notification', listener: (msg: { channel: string; payload?: string }) => void) => unknown) &
    ((event: 'error', listener: (err: Error) => void) => unknown) &
    ((event: 'end', listener: () => void) => unknown);
  removeAllListeners: () => unknown;
  end: () => Promise<void>;
};

export type ListenerLog = {
  warn: (obj: object, msg: string) => void;
  info?: (obj: object, msg: string) => void;
};

export type PostgresListenerOptions = {
  log?: ListenerLog;
  /** A liveness query on the connection every this many ms (default 15 000); a stall reconnects. */
  heartbeatMs?: number;
  /** Longest wait between reconnection attempts (default 10 000 ms). */
  maxBackoffMs?: number;
};

/**
 * The listener on a PostgreSQL server: `connect` makes a new unpooled client (e.g.
 * `() => new pg.Client({ connectionString })`). The connection opens on the first `listen`; when it
 * drops (or a heartbeat stalls) each subscription's `onLost` runs, the connection is reopened with
 * capped exponential backoff, every channel is LISTENed again and each `onReconnect` runs.
 */
export const postgresListener = (
  connect: () => NotificationClient,
  options: PostgresListenerOptions = {},
): PgListener => {
  const heartbeatMs = options.heartbeatMs ?? 15_000;
  const maxBackoffMs = options.maxBackoffMs ?? 10_000;
  const channels = new Map<string, Set<Subscription>>();
  let client: NotificationClient | undefined;
  let opening: Promise<NotificationClient> | undefined;
  /** Channels LISTENed on the current connection. */
  let listening = new Set<string>();
  let established = false;
  /** The current connection is up and LISTENs to every channel. */
  let connected = false;
  let closed = false;
  let attempt = 0;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let heartbeatTimer: NodeJS.Timeout | undefined;

  const dispatch = (msg: { channel: string; payload?: string }) => {
    for (const sub of channels.get(msg.channel) ?? []) {
      try {
        sub.onNotification(msg.payload ?? '');
      } catch (err) {
        options.log?.warn({ err, channel: msg.channel }, 'notification handler failed');
      }
    }
  };

  const drop = (target: NotificationClient, err: Error) => {
    if (client !== target) return;
    const wasConnected = connected;
    client = undefined;
    opening = undefined;
    connected = false;
    listening = new Set();
    clearTimeout(heartbeatTimer);
    target.removeAllListeners();
    target.on('error', () => undefined);
    target.end().catch(() => undefined);
    if (closed) return;
    options.log?.warn({ err: err.message }, 'LISTEN connection lost; reconnecting');
    if (wasConnected) {
      for (const subs of channels.values())
        for (const sub of subs) {
          try {
            sub.onLost?.(err);
          } catch (e) {
            options.log?.warn({ err: e }, 'connection-lost handler failed');
          }
        }
    }
    scheduleReconnect();
  };

  const heartbeat = (target: NotificationClient) => {
    clearTimeout(heartbeatTimer);
    heartbeatTimer = setTimeout(async () => {
      if (client !== target) return;
      let timeout: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          target.query('select 1'),
          new Promise((_, reject) => {
            timeout = setTimeout(() => reject(new Error('LISTEN heartbeat timed out')), heartbeatMs);
          }),
        ]);
        heartbeat(target);
      } catch (err) {
        drop(target, err as Error);
      } finally {
        clearTimeout(timeout);
      }
    }, heartbeatMs);
    heartbeatTimer.unref();
  };

  const open = async (): Promise<NotificationClient> => {
    const next = connect();
    next.on('error', (err) => drop(next, err));
    next.on('end', () => drop(next, new Error('LISTEN connection ended')));
    next.on('notification', dispatch);
    client = next;
    listening = new Set();
    try {
      await next.connect();
      for (const channel of channels.keys()) await listenOn(next, channel);
    } catch (err) {
      drop(next, err as Error);
      throw err;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      throw new Error('listener closed');
    }
    heartbeat(next);
    connected = true;
    return next;
  };

  const listenOn = async (target: NotificationClient, channel: string) => {
    if (listening.has(channel) || client !== target) return;
    listening.add(channel);
    await target.query(`LISTEN "${channel}"`);
  };

  const scheduleReconnect = () => {
    if (closed || reconnectTimer || !established) return;
    const wait = Math.min(maxBackoffMs, 250 * 2 ** Math.min(attempt, 8));
    attempt++;
    reconnectTimer = setTimeout(async () => {
      reconnectTimer = undefined;
      try {
        opening = open();
        await opening;
        attempt = 0;
        options.log?.info?.({ channels: [...channels.keys()] }, 'LISTEN connection re-established');
        for (const subs of channels.values())
          for (const sub of subs) {
            try {
              sub.onReconnect?.();
            } catch (err) {
              options.log?.warn({ err }, 'reconnect handler failed');
            }
          }
      } catch {
        opening = undefined;
        scheduleReconnect();
      }
    }, wait);
    reconnectTimer.unref();
  };

  /** The connected client (opening it on first use); undefined while a reconnection is pending. */
  const ready = async (): Promise<NotificationClient | undefined> => {
    if (opening) return opening;
    if (established) return undefined;
    opening = open();
    try {
      const c = await opening;
      established = true;
      return c;
    } catch (err) {
      opening = undefined;
      throw err;
    }
  };

  return {
    get live() {
      return connected && !closed;
    },
    listen: async (channel, onNotification, onReconnect, onLost) => {
      checkChannel(channel);
      if (closed) throw new Error('listener closed');
      const sub: Subscription = { onNotification, onReconnect, onLost };
      const subs = channels.get(channel) ?? new Set<Subscription>();
      subs.add(sub);
      channels.set(channel, subs);
      try {
        // While a reconnection is pending the channel is LISTENed when it succeeds.
        const c = await ready();
        if (c) await listenOn(c, channel);
      } catch (err) {
        subs.delete(sub);
        if (subs.size === 0) channels.delete(channel);
        throw err;
      }
      return {
        close: async () => {
          subs.delete(sub);
          if (subs.size > 0 || channels.get(channel) !== subs) return;
          channels.delete(channel);
          listening.delete(channel);
          await client?.query(`UNLISTEN "${channel}"`).catch(() => undefined);
        },
      };
    },
    close: async () => {
      closed = true;
      connected = false;
      clearTimeout(reconnectTimer);
      clearTimeout(heartbeatTimer);
      channels.clear();
      const c = client;
      client = undefined;
      if (c) {
        c.removeAllListeners();
        c.on('error', () => undefined);
        await c.end().catch(() => undefined);
      }
    },
  };
};

/** What the listener needs of PGlite (one embedded connection: notifications arrive in process). */
export type PgliteNotifications = {
  listen: (channel: string, callback: (payload: string) => void) => Promise<() => Promise<void>>;
};

/** The listener on an embedded PGlite: its connection never drops, so `onReconnect` never runs. */
export const pgliteListener = (pglite: PgliteNotifications): PgListener => {
  const handles = new Set<() => Promise<void>>();
  let closed = false;
  return {
    get live() {
      return !closed;
    },
    listen: async (channel, onNotification) => {
      checkChannel(channel);
      if (closed) throw new Error('listener closed');
      const unlisten = await pglite.listen(channel, onNotification);
      handles.add(unlisten);
      return {
        close: async () => {
          if (!handles.delete(unlisten)) return;
          await unlisten().catch(() => undefined);
        },
      };
    },
    close: async () => {
      closed = true;
      const all = [...handles];
      handles.clear();
      for (const unlisten of all) await unlisten().catch(() => undefined);
    },
  };
};
