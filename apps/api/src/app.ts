import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WRITE_POSITION_HEADER } from '@aval/contracts';
import { identityOf, kanbanMigrations, kanbanPlugin } from '@aval/kanban';
import { prepareTransport } from '@aval/transport';
import { registerMetrics } from '@aval/transport/metrics';
import { registerProbes } from '@aval/transport/probes';
import { trustProxySetting } from '@aval/transport/proxy';
import { avalHelmetOptions, securityHeaders } from '@aval/transport/security-headers';
import { nameSpansByRoute } from '@aval/transport/tracing';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyServerOptions, LogController } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { businessGauges } from './business-metrics.js';
import type { Config } from './config.js';
import type { Platform } from './context.js';
import { apiMigrations, type Database } from './db/client.js';
import { replicaGauges, writePosition } from './db/replica.js';
import { loggerOptions, logRequests } from './lib/logging.js';
import { sharedSecret } from './lib/secrets.js';
import type { RouteEntry } from './lib/spec-coverage.js';
import { createAccessCache } from './modules/auth/access.js';
import { sendMailQueue } from './modules/auth/mail.jobs.js';
import { fixtureCepProvider, httpCepProvider } from './modules/locations/cep-provider.js';
import { apiModules } from './modules.js';
import { companyByKey } from './plugins/endpoints.js';
import { createJobs } from './plugins/jobs.js';
import { createMailer } from './plugins/mail.js';
import { createMetrics } from './plugins/metrics.js';
import { registerModules, scheduleModules } from './plugins/modules.js';
import { createDatabaseListener } from './plugins/notifications.js';
import { rateLimitPluginOptions } from './plugins/rate-limit-store.js';
import { blobStoreOf, createUrlSigner } from './plugins/storage.js';
import { loadTokenKeys } from './plugins/tokens.js';
import { wireModules } from './wiring.js';

export type BuildOptions = {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** Run job workers in this process (default: config.jobsEnabled). */
  jobWorkers?: boolean;
  jobPollingSeconds?: number;
};

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** Builds the Fastify instance: plugins, then modules. `server.ts` only listens. */
export const buildApp = async (options: BuildOptions) => {
  const { config, database } = options;
  // Errors are logged without the parameter values of failed SQL, and personal data masked
  // (lib/logging.ts); a logger given by a test keeps its stream.
  const logger =
    options.logger === false
      ? false
      : typeof options.logger === 'object'
        ? loggerOptions(options.logger.level ?? config.logLevel, config.logFormat, options.logger.stream)
        : loggerOptions(config.logLevel, config.logFormat);
  const app = Fastify({
    logger,
    // One line per request, written by lib/logging.ts: Fastify's two are off.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    },
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    exposeHeadRoutes: false,
    bodyLimit: 2 * 1024 * 1024,
    // X-Forwarded-For is believed only from the configured proxies (TRUST_PROXY): anyone else could
    // forge it to get a fresh rate-limit key on every request.
    trustProxy: trustProxySetting(config.trustProxy),
  });
  const routeTable: RouteEntry[] = [];
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) routeTable.push({ method: String(method), url: r.url });
  });
  app.decorate('routeTable', routeTable);
  // zod validation and serialisation, one `{ Errors }` handler: the same as the kanban service's.
  prepareTransport(app);
  logRequests(app);
  nameSpansByRoute(app);
  const metrics = createMetrics(database, { processMetrics: config.env !== 'test' });
  registerMetrics(app, metrics, config.metrics);
  // The same headers as the kanban service's (one policy in @aval/transport), BI origins framed.
  securityHeaders(app, avalHelmetOptions({ frameOrigins: config.biEmbedOrigins }));
  await app.register(formbody);
  await app.register(multipart, {
    limits: { fileSize: config.upload.maxBytes, files: config.upload.maxFiles, fields: 20 },
  });
  // Counters in PostgreSQL: the limits hold across every instance behind the load balancer.
  await app.register(rateLimit, rateLimitPluginOptions(database.db));
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Aval API',
        version: '0.1.0',
        description:
          'API do portal Aval (seguro garantia). Respostas de sucesso em `{ Response }`, listas em `{ Data, Total, CurrentPage, RowsPerPage }`, erros em `{ Errors: [...] }`. Toda chamada `/api` exige o cabeçalho `CompanyKey` (exceto GetPortalConfig).',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
    // Registers the named schemas (`.meta({ id })`) under components.schemas, where the
    // operations' `$ref`s point.
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });

  const log = app.log as FastifyBaseLogger;
  const storageSecret =
    config.storage.signingSecret ??
    (await sharedSecret(database.db, 'storage_signing_secret', () =>
      Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url'),
    ));
  const listener = createDatabaseListener(database, log);
  const access = createAccessCache(database.db, listener, { ttlSeconds: config.accessCacheSeconds });
  await access.start();
  const platform: Platform = {
    config,
    database,
    log,
    blobs: blobStoreOf(config.storage),
    signer: createUrlSigner(storageSecret, `${config.publicUrl ?? ''}/storage`, config.storage.urlTtlSeconds),
    mail: createMailer(config.mail, log),
    jobs: createJobs(database, log, {
      workers: options.jobWorkers ?? config.jobsEnabled,
      pollingIntervalSeconds: options.jobPollingSeconds,
      listener,
    }),
    listener,
    tokens: await loadTokenKeys(database.db),
    access,
    queues: {} as Platform['queues'],
    metrics,
    cep: config.cepProvider === 'http' ? httpCepProvider() : fixtureCepProvider(),
    // This app's own wiring (wiring.ts): the document-owner rules of the owner modules for
    // documents and files; proposals' policy PDF and endorsements' last PDF for policies.
    wiring: wireModules(),
  };
  platform.queues.sendMail = sendMailQueue(platform);
  platform.jobs.register(platform.queues.sendMail);
  registerModules(app, platform, apiModules);
  app.decorate('platform', platform);

  registerProbes(app, database.db, [apiMigrations, kanbanMigrations], { database: database.driver });
  for (const gauge of [...businessGauges(database.db), ...replicaGauges(database)]) metrics.addGauge(gauge);
  // With a replica, an answer to a write says how far the primary's log had reached: the portal sends
  // it back (Aval-Read-After), and the replica serves that caller's reads once it has caught up.
  if (database.replica) {
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) {
        const lsn = await writePosition(database).catch(() => undefined);
        if (lsn) reply.header(WRITE_POSITION_HEADER, lsn);
      }
      return payload;
    });
  }
  app.get('/.well-known/jwks.json', { schema: { hide: true } }, async () => platform.tokens.jwks());

  // The kanban service in this process (unless it runs on its own, KANBAN_IN_PROCESS=false): the
  // API lends it its company lookup and token keys.
  if (config.kanbanInProcess)
    await app.register(kanbanPlugin, {
      db: database.db,
      companyByKey: companyByKey(platform),
      // In this process the kanban calls see the permissions of now, as the API's do.
      verifyToken: async (token) => {
        const claims = await platform.tokens.verify(token);
        const user = await platform.access.resolve(claims);
        return identityOf({ ...claims, utp: user.userType, prm: [...user.permissions] });
      },
      jobs: platform.jobs,
      listener: platform.listener,
      // An open board stream is checked again when its user's access changes.
      onAccessChange: platform.access.onChange,
      streamsOpen: metrics.boardStreams,
    });

  const webDist = config.webDist ?? defaultWebDist;
  const hasWeb = existsSync(join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The web build writes each asset's Brotli and gzip copies: sent to a browser that takes them.
      preCompressed: true,
      // Hashed file names under /assets never change: cached for a year; the rest is checked each time.
      cacheControl: false,
      setHeaders: (reply, path) =>
        reply.header(
          'cache-control',
          /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache',
        ),
    });
  }
  const indexHtml = hasWeb ? await readFile(join(webDist, 'index.html'), 'utf8') : undefined;
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isApi = /^\/(api|connect|generate|storage|docs|\.well-known)(\/|$)/i.test(path);
    if (!isApi && request.method === 'GET' && indexHtml) {
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
    }
    return reply.status(404).send({ Errors: ['Recurso não encontrado.'] });
  });

  await platform.jobs.start();
  if (options.jobWorkers ?? config.jobsEnabled) await scheduleModules(platform, apiModules);
  app.addHook('onClose', async () => {
    await platform.jobs.stop();
    await platform.access.close();
    await platform.listener.close();
  });
  return { app, platform };
};

declare module 'fastify' {
  interface FastifyInstance {
    platform: Platform;
    routeTable: RouteEntry[];
  }
}
