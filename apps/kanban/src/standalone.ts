import { prepareTransport } from '@aval/transport';
import { createJobs, type JobsDatabase } from '@aval/transport/jobs';
import type { PgListener } from '@aval/transport/listener';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { remoteCompanyLookup } from './company-lookup.js';
import type { KanbanDb } from './context.js';
import { identityOf, kanbanPlugin } from './plugin.js';

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
  /** LISTEN/NOTIFY connection for the boards' real-time streams. */
  listener?: PgListener;
};

/**
 * The kanban service on its own: its own database connection, tokens verified against the API's
 * JWKS, CompanyKey resolved through the API's public contract (cached). Reads no API table.
 */
export const buildKanbanServer = async (options: KanbanServerOptions) => {
  const jwks = createRemoteJWKSet(new URL(options.jwksUrl ?? '/.well-known/jwks.json', options.apiUrl));
  const app = Fastify({
    logger: options.logger ?? false,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    exposeHeadRoutes: false,
  });
  prepareTransport(app);
  app.get('/health', async () => ({ status: 'ok' }));
  const jobs = options.jobsDatabase
    ? createJobs(options.jobsDatabase, app.log, { workers: true })
    : undefined;
  await app.register(kanbanPlugin, {
    db: options.db,
    jobs,
    listener: options.listener,
    companyByKey: remoteCompanyLookup(options.apiUrl),
    verifyToken: async (token) => {
      const { payload } = await jwtVerify(token, jwks, { issuer: 'aval', audience: 'aval-portal' });
      return identityOf(payload);
    },
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
