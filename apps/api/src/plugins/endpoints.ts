import type { EndpointDef } from '@aval/contracts';
import {
  type ContextBase,
  cachedLookup,
  createTransport,
  type RouteOptions,
  type Transport,
  type Handler as TransportHandler,
} from '@aval/transport';
import type { FastifyInstance } from 'fastify';
import type { AuthUser, Company, Platform, PublicContext, TenantContext, UserContext } from '../context.js';
import { type DbOrTx, withTenant } from '../db/client.js';
import { readSource } from '../db/replica.js';

export {
  AppError,
  checkAccess,
  type IncomingFile,
  RawReply,
  registeredEndpoints,
} from '@aval/transport';

/** The API's request contexts (public, with a CompanyKey, with a signed-in user). */
export type ApiContexts = { public: PublicContext; tenant: TenantContext; user: UserContext };

export type Handler<D extends EndpointDef> = TransportHandler<D, ApiContexts>;

/** Builds the context every API handler receives (inside the company's RLS transaction). */
export const apiContext = (platform: Platform, base: ContextBase<Company, AuthUser, DbOrTx>) => {
  const { request, company, user, db } = base;
  const ctx: PublicContext & { links?: UserContext['links'] } = {
    requestId: request.id,
    host: request.headers.host ?? '',
    ip: request.ip,
    log: request.log,
    platform,
    company,
    user,
    db,
    // The caller's broker, policy holder and advisor ids: one query, on first use only.
    links:
      user && company
        ? platform.wiring.directory.callerLinks({ db: db as TenantContext['db'], company }, user)
        : undefined,
  };
  return ctx;
};

const transports = new WeakMap<Platform, Transport<ApiContexts, Company, AuthUser>>();
const companyLookups = new WeakMap<Platform, (key: string) => Promise<Company | undefined>>();

/**
 * A company by its CompanyKey, as the API's transport and the in-process kanban find it: companies
 * change only by operators (seed, migrations), so a few seconds' cache per key, one per app.
 */
export const companyByKey = (platform: Platform) => {
  let lookup = companyLookups.get(platform);
  if (!lookup) {
    const { db } = platform.database;
    lookup = cachedLookup((key: string) => platform.wiring.directory.companyByKey(db, key), { ttlMs: 5_000 });
    companyLookups.set(platform, lookup);
  }
  return lookup;
};

/** The API's transport: its companies, its token keys, its database and its context. */
export const apiTransport = (platform: Platform): Transport<ApiContexts, Company, AuthUser> => {
  let transport = transports.get(platform);
  if (!transport) {
    const { db } = platform.database;
    transport = createTransport<ApiContexts, Company, AuthUser, DbOrTx>({
      companyByKey: companyByKey(platform),
      // Who: the signed token. What they may do: the database, now (modules/auth/access.ts).
      verifyToken: async (token) => platform.access.resolve(await platform.tokens.verify(token)),
      // A read that a replica may serve runs there once it has the caller's last write (db/replica.ts).
      run: async (company, fn, options) => {
        if (!company) return fn(db);
        const source = options.replica ? await readSource(platform.database, options.readAfter) : db;
        return withTenant(source, company.id, fn, options);
      },
      context: (base) => apiContext(platform, base),
      upload: platform.config.upload,
    });
    transports.set(platform, transport);
  }
  return transport;
};

/**
 * Registers one descriptor: schemas, CompanyKey, bearer, user type and permission checks, the
 * company's RLS transaction around the handler, and the `{ Response }` envelope (@aval/transport).
 */
export const route = <D extends EndpointDef>(
  app: FastifyInstance,
  platform: Platform,
  def: D,
  handler: Handler<D>,
  options: RouteOptions<Company, AuthUser> = {},
) => apiTransport(platform).route(app, def, handler, options);
