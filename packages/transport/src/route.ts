import {
  type EndpointDef,
  type EndpointInput,
  type EndpointOutput,
  errorBody,
  type PermissionId,
  READ_AFTER_HEADER,
  successBody,
} from '@aval/contracts';
import type {} from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isDatabaseUnavailable } from './db-errors.js';
import { AppError, badRequest, forbidden, payloadTooLarge, unauthorized } from './errors.js';
import type { TenantOptions } from './tenancy.js';

/** A reply with its own status and body, sent after the transaction commits (e.g. OAuth2 errors). */
export class RawReply {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}

export type IncomingFile = { fileName: string; mimeType: string; data: Buffer };

/** What the transport needs of a company: its id (the RLS tenant). */
export type TenantRef = { id: number };

/** What the transport needs of a verified caller: its company, user type and permissions. */
export type Caller = { companyId: number; userType: number; permissions: ReadonlySet<number> };

/** The three request contexts a service defines: public, with a company, with a signed-in user. */
export type Contexts = { public: unknown; tenant: unknown; user: unknown };

/** The context a handler of `D` receives. */
export type ContextFor<D extends EndpointDef, X extends Contexts> = D['auth'] extends false
  ? D['companyKey'] extends false
    ? X['public']
    : X['tenant']
  : X['user'];

export type Handler<D extends EndpointDef, X extends Contexts> = (
  ctx: ContextFor<D, X>,
  input: EndpointInput<D> & { files: IncomingFile[] },
) => Promise<EndpointOutput<D> | RawReply>;

/** What a handler's context is built from; `db` is the company's RLS transaction when there is a company. */
export type ContextBase<C extends TenantRef, U extends Caller, Db> = {
  request: FastifyRequest;
  company?: C;
  user?: U;
  db: Db;
};

/**
 * The dependencies each service injects: how it finds a company by its key, how it verifies a
 * bearer token, how it runs work (in the company's RLS transaction or, without a company, on the
 * database) and how it builds its request context.
 */
export type TransportDeps<X extends Contexts, C extends TenantRef, U extends Caller, Db> = {
  /** The company of a `CompanyKey`, or undefined when the key is unknown. */
  companyByKey: (key: string) => Promise<C | undefined>;
  /**
   * The caller of a bearer token; throws when the token is invalid or expired (401), or an
   * `AppError` with its own answer. A database outage passes through (503).
   */
  verifyToken: (token: string) => Promise<U>;
  /**
   * Runs `fn` in `company`'s RLS transaction (see `withTenant`, whose options it passes on), or on
   * the database without one.
   */
  run: <T>(company: C | undefined, fn: (db: Db) => Promise<T>, options: RunOptions) => Promise<T>;
  /** The handler's context (called inside the transaction, so it may read the database). */
  context: (base: ContextBase<C, U, Db>) => X['public'] | Promise<X['public']>;
  /** Upload limits shown in the 413 messages (multipart descriptors only). */
  upload?: { maxBytes: number; maxFiles: number };
};

/**
 * How a route's transaction runs: `TenantOptions`, and for a read a replica may serve (`replica`),
 * the database position the caller's last write reached (`readAfter`, the `Aval-Read-After`
 * header): a replica serves the read only once it has replayed that far (read-your-writes).
 */
export type RunOptions = TenantOptions & { replica?: boolean; readAfter?: string };

export type RouteOptions<C = unknown, U = unknown> = {
  rateLimit?: { max: number; timeWindow: string | number };
  /**
   * Runs once the caller is known and the files are read, before the company's transaction:
   * quotas and rate limits kept in the database, on their own short transactions. Throws to refuse.
   * `request` gives the client address and the parsed body (e.g. the username of a sign-in).
   */
  admit?: (who: { company?: C; user?: U; request: FastifyRequest }, files: IncomingFile[]) => Promise<void>;
  /**
   * The answer kept in memory for this caller (e.g. GetUserInfo), served without opening the
   * company's transaction; undefined runs the handler as usual. What it keeps must be forgotten on
   * every instance when it changes (see the API's per-user caches in modules/auth/access.ts).
   */
  fromMemory?: (who: { company?: C; user?: U; request: FastifyRequest }) => Promise<unknown> | undefined;
  /**
   * The handler reads several statements that must agree (a detail, its children and its log): its
   * transaction sees one snapshot and writes nothing (`TenantOptions.snapshot`).
   */
  snapshot?: boolean;
  /**
   * A read-only call that a streaming replica may serve (heavy searches, BI), when the API has one
   * and it has replayed the caller's last write; else the primary.
   */
  replica?: boolean;
};

const headerValue = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

const toFastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

/** Query keys are matched case-insensitively (the spec mixes `modalityId` and `ModalityId`). */
const normaliseQueryKeys = (request: FastifyRequest, keys: string[]) => {
  const byLower = new Map(keys.map((k) => [k.toLowerCase(), k]));
  const query = request.query as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(query ?? {})) out[byLower.get(k.toLowerCase()) ?? k] = v;
  request.query = out;
};

/** PostgreSQL text cannot hold it, and no field of the spec needs it: refused in any text. */
export const NUL_BYTE_MESSAGE = 'O texto enviado contém um caractere inválido (byte nulo).';

/** Whether a parsed query, path or body holds a NUL byte in any string (values or keys). */
export const hasNulByte = (value: unknown, depth = 0): boolean => {
  if (typeof value === 'string') return value.includes('\u0000');
  if (!value || typeof value !== 'object' || depth > 64) return false;
  if (Array.isArray(value)) return value.some((v) => hasNulByte(v, depth + 1));
  if (Buffer.isBuffer(value)) return false;
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || hasNulByte(v, depth + 1));
};

/** The bearer token of a request's `Authorization` header. */
export const bearerOf = (request: FastifyRequest) =>
  request.headers.authorization?.match(/^Bearer\s+(.+)$/i)?.[1];

/** Server-side permission rule: the user type must be allowed and one of the ids held (any-of). */
export const checkAccess = (def: EndpointDef, user: Caller) => {
  if (def.userTypes && !(def.userTypes as readonly number[]).includes(user.userType)) {
    throw forbidden('Este recurso não está disponível para o seu tipo de usuário.', 'user_type_forbidden');
  }
  const needed = def.permissions ?? [];
  if (needed.length > 0 && !needed.some((p: PermissionId) => user.permissions.has(p))) {
    throw forbidden('Você não tem permissão para executar esta ação.', 'permission_missing');
  }
};

const readFiles = async (
  request: FastifyRequest,
  limits: { maxBytes: number; maxFiles: number } | undefined,
): Promise<IncomingFile[]> => {
  if (!request.isMultipart()) {
    throw badRequest('Envie os arquivos como multipart/form-data no campo "file".');
  }
  const files: IncomingFile[] = [];
  try {
    for await (const part of request.files()) {
      if (part.fieldname !== 'file') {
        part.file.resume();
        continue;
      }
      if (hasNulByte(part.filename) || hasNulByte(part.mimetype)) {
        part.file.resume();
        throw badRequest(NUL_BYTE_MESSAGE, 'nul_byte');
      }
      const data = await part.toBuffer();
      files.push({ fileName: part.filename, mimeType: part.mimetype, data });
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      const maxMb = Math.round(((limits?.maxBytes ?? 0) / (1024 * 1024)) * 10) / 10;
      throw payloadTooLarge(`Arquivo acima do tamanho máximo de ${maxMb.toLocaleString('pt-BR')} MB.`);
    }
    if (code === 'FST_FILES_LIMIT') {
      throw payloadTooLarge(`Envie no máximo ${limits?.maxFiles} arquivos por vez.`);
    }
    throw err;
  }
  return files;
};

/** Every route registered from a descriptor (any service), for the coverage check. */
export const registeredEndpoints: EndpointDef[] = [];

/** The `{ Response }` (or `{ success, data }`) body of a handler's result. */
const envelop = (def: EndpointDef, result: unknown) => {
  switch (def.envelope ?? 'Response') {
    case 'Response':
      return { Response: result };
    case 'data':
      return { success: true, data: result };
    default:
      return result;
  }
};

/**
 * A service's transport: `route` registers one descriptor with its schemas, the CompanyKey
 * (→ company), the bearer (→ caller), user type and permission checks, the company's RLS
 * transaction around the handler and the envelope. Company, identity and permission are settled
 * before the body is parsed or validated.
 */
export const createTransport = <X extends Contexts, C extends TenantRef, U extends Caller, Db>(
  deps: TransportDeps<X, C, U, Db>,
) => {
  const identities = new WeakMap<FastifyRequest, { company?: C; user?: U }>();
  /**
   * The reply bytes of an answer kept in memory (`fromMemory`), encoded once through the call's
   * response schema as the serializer would: the same kept object is the same bytes, so a hit
   * costs no schema walk (GetUserInfo's menus are the largest answer of the portal). Kept as a
   * Buffer: a string would be measured and encoded to UTF-8 again on every reply.
   */
  const keptJson = new WeakMap<object, Buffer>();

  const companyFromHeader = async (request: FastifyRequest): Promise<C> => {
    const header = request.headers.companykey;
    const key = Array.isArray(header) ? header[0] : header;
    if (!key) throw badRequest('Cabeçalho CompanyKey ausente.', 'company_key_missing');
    const company = await deps.companyByKey(key);
    if (!company) throw unauthorized('CompanyKey desconhecida.', 'company_key_unknown');
    return company;
  };

  const userFromBearer = async (request: FastifyRequest): Promise<U> => {
    const token = bearerOf(request);
    if (!token) throw unauthorized('Autenticação necessária.', 'token_missing');
    try {
      return await deps.verifyToken(token);
    } catch (err) {
      // A refusal with its own answer, or an outage (503), is not an invalid token.
      if (err instanceof AppError || isDatabaseUnavailable(err)) throw err;
      throw unauthorized('Sessão inválida ou expirada. Entre novamente.', 'token_invalid');
    }
  };

  /** The company and caller of a request to `def`, refused as `route` refuses them (400, 401, 403). */
  const identify = async (request: FastifyRequest, def: EndpointDef): Promise<{ company?: C; user?: U }> => {
    const company = def.companyKey !== false ? await companyFromHeader(request) : undefined;
    const user = def.auth !== false ? await userFromBearer(request) : undefined;
    if (user && company && user.companyId !== company.id) {
      throw forbidden('Este acesso pertence a outra seguradora.', 'company_mismatch');
    }
    if (user) checkAccess(def, user);
    return { company, user };
  };

  const route = <D extends EndpointDef>(
    app: FastifyInstance,
    def: D,
    handler: Handler<D, X>,
    options: RouteOptions<C, U> = {},
  ) => {
    const queryKeys = def.query ? Object.keys(def.query.shape) : [];
    const needsCompany = def.companyKey !== false;
    const needsAuth = def.auth !== false;
    const errors = Object.fromEntries(
      [400, 401, 403, 404, 409, 413, 415, 422, 429].map((s) => [s, def.errorBody ?? errorBody]),
    );
    registeredEndpoints.push(def);
    app.withTypeProvider<ZodTypeProvider>().route({
      method: def.method,
      url: toFastifyPath(def.path),
      config: options.rateLimit ? { rateLimit: options.rateLimit } : undefined,
      schema: Object.fromEntries(
        Object.entries({
          summary: def.summary,
          description: def.description,
          tags: [def.area],
          querystring: def.query,
          params: def.params,
          body: def.multipart ? undefined : def.body,
          headers: needsCompany ? z.object({ companykey: z.string().optional() }) : undefined,
          security: needsAuth ? [{ bearer: [] }] : [],
          response: { 200: successBody(def), ...errors },
        }).filter(([, v]) => v !== undefined),
      ),
      onRequest: async (request) => {
        identities.set(request, await identify(request, def));
      },
      preValidation: async (request) => {
        if (hasNulByte(request.query) || hasNulByte(request.params) || hasNulByte(request.body)) {
          throw badRequest(NUL_BYTE_MESSAGE, 'nul_byte');
        }
        if (queryKeys.length) normaliseQueryKeys(request, queryKeys);
      },
      handler: async (request, reply) => {
        const { company, user } = identities.get(request) ?? {};
        const files = def.multipart ? await readFiles(request, deps.upload) : [];
        if (options.admit) await options.admit({ company, user, request }, files);
        const kept = await options.fromMemory?.({ company, user, request });
        if (kept !== undefined) {
          if (typeof kept !== 'object' || kept === null) return envelop(def, kept);
          let json = keptJson.get(kept);
          if (json === undefined) {
            json = Buffer.from(JSON.stringify(z.encode(successBody(def), envelop(def, kept))));
            keptJson.set(kept, json);
          }
          return reply.type('application/json; charset=utf-8').send(json);
        }
        const input = {
          params: request.params,
          query: request.query,
          body: def.multipart ? undefined : request.body,
          files,
        } as EndpointInput<D> & { files: IncomingFile[] };
        const result = await deps.run(
          company,
          async (db) => {
            const ctx = await deps.context({ request, company, user, db });
            return handler(ctx as ContextFor<D, X>, input);
          },
          {
            snapshot: options.snapshot,
            replica: options.replica,
            readAfter: options.replica ? headerValue(request.headers[READ_AFTER_HEADER]) : undefined,
          },
        );
        if (result instanceof RawReply) return reply.status(result.status).send(result.body);
        return envelop(def, result);
      },
    });
  };

  return { route, identify };
};

export type Transport<X extends Contexts, C = unknown, U = unknown> = {
  route: <D extends EndpointDef>(
    app: FastifyInstance,
    def: D,
    handler: Handler<D, X>,
    options?: RouteOptions<C, U>,
  ) => void;
};
