import {
  type EndpointDef,
  type EndpointInput,
  type EndpointOutput,
  errorBody,
  type PermissionId,
  successBody,
  type UserTypeId,
} from '@aval/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthUser, Company, Platform, PublicContext, TenantContext, UserContext } from '../context.js';
import { withTenant } from '../db/client.js';
import { AppError, badRequest, forbidden, payloadTooLarge, unauthorized } from '../lib/errors.js';
import { findCompanyByKey } from '../modules/portal/portal.repository.js';
import { isPermission, isUserType } from './tokens.js';

/** A reply with its own status and body, sent after the transaction commits (e.g. OAuth2 errors). */
export class RawReply {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}

export type IncomingFile = { fileName: string; mimeType: string; data: Buffer };

type ContextFor<D extends EndpointDef> = D['auth'] extends false
  ? D['companyKey'] extends false
    ? PublicContext
    : TenantContext
  : UserContext;

export type Handler<D extends EndpointDef> = (
  ctx: ContextFor<D>,
  input: EndpointInput<D> & { files: IncomingFile[] },
) => Promise<EndpointOutput<D> | RawReply>;

const toFastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

/** Query keys are matched case-insensitively (the spec mixes `modalityId` and `ModalityId`). */
const normaliseQueryKeys = (request: FastifyRequest, keys: string[]) => {
  const byLower = new Map(keys.map((k) => [k.toLowerCase(), k]));
  const query = request.query as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(query ?? {})) out[byLower.get(k.toLowerCase()) ?? k] = v;
  request.query = out;
};

const companyFromHeader = async (platform: Platform, request: FastifyRequest): Promise<Company> => {
  const header = request.headers.companykey;
  const key = Array.isArray(header) ? header[0] : header;
  if (!key) throw badRequest('Cabeçalho CompanyKey ausente.', 'company_key_missing');
  const company = await findCompanyByKey(platform.database.db, key);
  if (!company) throw unauthorized('CompanyKey desconhecida.', 'company_key_unknown');
  return company;
};

const userFromBearer = async (platform: Platform, request: FastifyRequest): Promise<AuthUser> => {
  const header = request.headers.authorization;
  const match = header?.match(/^Bearer\s+(.+)$/i);
  if (!match?.[1]) throw unauthorized('Autenticação necessária.', 'token_missing');
  try {
    const claims = await platform.tokens.verify(match[1]);
    if (!isUserType(claims.utp)) throw new Error('unknown user type');
    return {
      userId: Number(claims.sub),
      companyId: claims.cid,
      userType: claims.utp as UserTypeId,
      profileId: claims.prf,
      permissions: new Set(claims.prm.filter(isPermission)),
      actorUserId: claims.act ? Number(claims.act) : undefined,
    };
  } catch {
    throw unauthorized('Sessão inválida ou expirada. Entre novamente.', 'token_invalid');
  }
};

/** Server-side permission rule: the user type must be allowed and one of the ids held (any-of). */
export const checkAccess = (def: EndpointDef, user: AuthUser) => {
  if (def.userTypes && !def.userTypes.includes(user.userType)) {
    throw forbidden('Este recurso não está disponível para o seu tipo de usuário.', 'user_type_forbidden');
  }
  const needed = def.permissions ?? [];
  if (needed.length > 0 && !needed.some((p: PermissionId) => user.permissions.has(p))) {
    throw forbidden('Você não tem permissão para executar esta ação.', 'permission_missing');
  }
};

const readFiles = async (request: FastifyRequest, platform: Platform): Promise<IncomingFile[]> => {
  if (!request.isMultipart()) throw badRequest('Envie os arquivos como multipart/form-data no campo "file".');
  const files: IncomingFile[] = [];
  const maxMb = Math.round((platform.config.upload.maxBytes / (1024 * 1024)) * 10) / 10;
  try {
    for await (const part of request.files()) {
      if (part.fieldname !== 'file') {
        part.file.resume();
        continue;
      }
      const data = await part.toBuffer();
      files.push({ fileName: part.filename, mimeType: part.mimetype, data });
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw payloadTooLarge(`Arquivo acima do tamanho máximo de ${maxMb.toLocaleString('pt-BR')} MB.`);
    }
    if (code === 'FST_FILES_LIMIT') {
      throw payloadTooLarge(`Envie no máximo ${platform.config.upload.maxFiles} arquivos por vez.`);
    }
    throw err;
  }
  return files;
};

const identities = new WeakMap<FastifyRequest, { company?: Company; user?: AuthUser }>();

/** Every route registered from a descriptor, for the coverage script and the permission walk. */
export const registeredEndpoints: EndpointDef[] = [];

/**
 * Registers one descriptor: schemas, CompanyKey, bearer, user type and permission checks, the
 * company's RLS transaction around the handler, and the `{ Response }` envelope.
 */
export const route = <D extends EndpointDef>(
  app: FastifyInstance,
  platform: Platform,
  def: D,
  handler: Handler<D>,
  options: { rateLimit?: { max: number; timeWindow: string | number } } = {},
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
    // Tenant, identity and permission are settled before the body is parsed or validated.
    onRequest: async (request) => {
      const company = needsCompany ? await companyFromHeader(platform, request) : undefined;
      const user = needsAuth ? await userFromBearer(platform, request) : undefined;
      if (user && company && user.companyId !== company.id) {
        throw forbidden('Este acesso pertence a outra seguradora.', 'company_mismatch');
      }
      if (user) checkAccess(def, user);
      identities.set(request, { company, user });
    },
    preValidation: async (request) => {
      if (queryKeys.length) normaliseQueryKeys(request, queryKeys);
    },
    handler: async (request, reply) => {
      const { company, user } = identities.get(request) ?? {};
      const files = def.multipart ? await readFiles(request, platform) : [];
      const input = {
        params: request.params,
        query: request.query,
        body: def.multipart ? undefined : request.body,
        files,
      } as EndpointInput<D> & { files: IncomingFile[] };
      const base = {
        requestId: request.id,
        host: request.headers.host ?? '',
        ip: request.ip,
        log: request.log,
        platform,
        company,
        user,
      };
      const result = company
        ? await withTenant(platform.database.db, company.id, (tx) =>
            handler({ ...base, db: tx } as ContextFor<D>, input),
          )
        : await handler({ ...base, db: platform.database.db } as ContextFor<D>, input);
      if (result instanceof RawReply) return reply.status(result.status).send(result.body);
      return (def.envelope ?? 'Response') === 'Response' ? { Response: result } : result;
    },
  });
};

export { AppError };
