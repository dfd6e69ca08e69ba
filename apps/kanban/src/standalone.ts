import { prepareTransport } from '@aval/transport';
import { createAccessCaches } from '@aval/transport/access';
import { createJobs, type JobsDatabase } from '@aval/transport/jobs';
import type { PgListener } from '@aval/transport/listener';
import {
  createServiceMetrics,
  DEFAULT_METRICS_ALLOW,
  type MetricsAccess,
  type PoolCounts,
  registerMetrics,
} from '@aval/transport/metrics';
import { registerProbes } from '@aval/transport/probes';
import { trustProxySetting } from '@aval/transport/proxy';
import { securityHeaders } from '@aval/transport/security-headers';
import { nameSpansByRoute } from '@aval/transport/tracing';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { remoteCompanyLookup } from './company-lookup.js';
import type { KanbanDb } from './context.js';
import { identityOf, KANBAN_WORKED_QUEUES, kanbanMigrations, kanbanPlugin } from './plugin.js';
import { remoteAccess } from './remote-access.js';

export type KanbanServerOptions = {
  /** The database holding the `kanban` schema (migrated by the API). */
  db: KanbanDb;
  /** The API's base URL: CompanyKey lookups (and, by default, its JWKS). */
  apiUrl: string;
  /** The API's public keys; default `${apiUrl}/.well-known/jwks.json`. */
  jwksUrl?: string;
  logger?: FastifyServerOptions['logger'];
  /** Where pg-boss lives (the same PostgreSQL): the card queue is worked and decisions sent from here. */
  jobsDatabase?: JobsDatabase;
  /**
   * LISTEN/NOTIFY connection: the boards' real-time streams, and the API's announcements of users'
   * access changes (without it the users' access is asked of the API on every call).
   */
  listener?: PgListener;
  /** Longest a user's access is kept between the API's announcements (default 30 s, 0 = asked every call). */
  accessCacheSeconds?: number;
  /** Who may read GET /metrics (METRICS_ALLOW, METRICS_TOKEN); default this machine only, no token. */
  metrics?: MetricsAccess;
  /**
   * prom-client's process figures (CPU, memory, event-loop lag, GC) in /metrics: once per process
   * that serves (server.ts), so off by default (tests build many servers in one process).
   */
  processMetrics?: boolean;
  /** The node-postgres pool behind `db` and `jobsDatabase`: its connections in /metrics. */
  pool?: PoolCounts;
  /**
   * The reverse proxies whose X-Forwarded-For is believed (TRUST_PROXY, as the API reads it): the
   * client's address then checks METRICS_ALLOW. Default none: the socket's peer.
   */
  trustProxy?: readonly string[];
};

/**
 * The kanban service on its own: its own database connection, tokens verified against the API's
 * JWKS, CompanyKey resolved through the API's public contract (cached). Reads no API table: what a
 * caller may do now (active, session not ended, user type, permissions) is asked of the API with
 * the caller's token and kept until the API announces a change of that user, as the API keeps it.
 */
export const buildKanbanServer = async (options: KanbanServerOptions) => {
  const jwks = createRemoteJWKSet(new URL(options.jwksUrl ?? '/.well-known/jwks.json', options.apiUrl));
  const app = Fastify({
    logger: options.logger ?? false,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    exposeHeadRoutes: false,
    trustProxy: trustProxySetting(options.trustProxy ?? []),
  });
  prepareTransport(app);
  nameSpansByRoute(app);
  // GET /metrics as the API serves it (@aval/transport/metrics), with this service's figures:
  // request time per route, its open board streams, its pool and the queues it works.
  const metrics = createServiceMetrics({
    processMetrics: options.processMetrics ?? false,
    pool: options.pool,
    jobs: options.jobsDatabase && { db: options.jobsDatabase.db, queues: KANBAN_WORKED_QUEUES },
  });
  registerMetrics(app, metrics, options.metrics ?? { allow: DEFAULT_METRICS_ALLOW, token: undefined });
  // The API's security headers on every reply, the board streams included (one policy, in transport).
  securityHeaders(app);
  // /live and /health as the API's; /ready: its database answers and holds the kanban's migrations.
  registerProbes(app, options.db, [kanbanMigrations]);
  const accessCaches = createAccessCaches(options.listener, { ttlSeconds: options.accessCacheSeconds ?? 30 });
  await accessCaches.start();
  app.addHook('onClose', () => accessCaches.close());
  const accessOf = remoteAccess(options.apiUrl, accessCaches);
  const jobs = options.jobsDatabase
    ? createJobs(options.jobsDatabase, app.log, { workers: true, listener: options.listener })
    : undefined;
  await app.register(kanbanPlugin, {
    db: options.db,
    jobs,
    listener: options.listener,
    companyByKey: remoteCompanyLookup(options.apiUrl),
    // Who: the signed token. What they may do: the API's answer of now (remote-access.ts).
    verifyToken: async (token) => {
      const { payload } = await jwtVerify(token, jwks, { issuer: 'aval', audience: 'aval-portal' });
      const identity = identityOf(payload);
      return { ...identity, ...(await accessOf({ ...identity, sid: payload.sid, act: payload.act }, token)) };
    },
    onAccessChange: accessCaches.onChange,
    streamsOpen: metrics.boardStreams,
  });
  if (jobs) {
    await jobs.start();
    app.addHook('onClose', () => jobs.stop());
  }
  if (options.listener) app.addHook('onClose', () => options.listener!.close());
  app.setNotFoundHandler(async (_request, reply) =>
    reply.status(404).send({ Errors: ['Recurso não encontrado.'] }),
  );
  return app;
};
