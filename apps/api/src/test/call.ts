import { buildPath, type EndpointDef, type EndpointRequest, type EndpointResult } from '@aval/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { AccessClaims } from '../plugins/tokens.js';
import { demoCompanies } from '../seed/companies.js';

/** Local part of the demo users every demo company has (`admin@aurora.demo`, ...). */
export type DemoUserName =
  | 'admin'
  | 'analista'
  | 'corretor'
  | 'corretor2'
  | 'agente'
  | 'tomador'
  | 'assessor';

/**
 * Who makes a call:
 * - a demo user of company 54 (`'admin'`) or of another company (`{ user: 'admin', company: 325 }`),
 *   signed in once through the real token endpoint and cached for the test app;
 * - a signed token with chosen claims (`{ cid: 54, utp: 1, prm: [24] }`), to test permissions;
 * - a bearer token (`{ token, company }`) or a session from `signIn` (`{ accessToken, headers }`).
 */
export type Caller =
  | DemoUserName
  | { user: DemoUserName; company?: number }
  | (Partial<AccessClaims> & { cid: number })
  | { token: string; company?: number }
  | { accessToken: string; headers: Record<string, string> };

/** A file of a multipart call. */
export type UploadPart = { name: string; data: Buffer; type?: string };

export type CallRequest<D extends EndpointDef> = EndpointRequest<D> & {
  as?: Caller;
  /**
   * Company whose CompanyKey header is sent (id or key); `null` sends none. Default: the caller's
   * company, else 54. Calls whose descriptor says `companyKey: false` send none unless given.
   */
  companyKey?: number | string | null;
  /** Extra headers (host, x-request-id, ...). */
  headers?: Record<string, string>;
  /** Files of a multipart call (`multipart: true`), sent in `fileField` (default `file`). */
  files?: UploadPart[];
  fileField?: string;
};

/** The success body as it travels: `{ Response }` or, for `raw` calls, the payload itself. */
export type WireBody<D extends EndpointDef> = D['envelope'] extends 'raw'
  ? EndpointResult<D>
  : D['envelope'] extends 'data'
    ? { success: true; data: EndpointResult<D> }
    : { Response: EndpointResult<D> };

export type CallReply<D extends EndpointDef> = {
  status: number;
  headers: LightMyRequestResponse['headers'];
  /** The JSON body as sent: the success body, or `{ Errors }` when refused. */
  body: WireBody<D>;
  /** The payload of a 2xx reply (`Response` or `data` unwrapped for enveloped calls); throws otherwise. */
  readonly data: EndpointResult<D>;
  /** The `Errors` of a refusal, `[]` on success. */
  errors: string[];
  /** The injected response (raw payload, cookies). */
  raw: LightMyRequestResponse;
};

export type Call = <D extends EndpointDef>(def: D, request?: CallRequest<D>) => Promise<CallReply<D>>;

/** Companies a test installed (install/company.ts) besides the demo's: their CompanyKeys by id. */
const installedCompanies = new Map<number, string>();

/** Lets the callers and factories address a company a test installed by its id, as a demo one. */
export const rememberInstalledCompany = (id: number, companyKey: string) => {
  installedCompanies.set(id, companyKey);
};

/** The CompanyKey of a demo company, or of one a test installed. */
export const companyKeyOfId = (id: number) => {
  const key = demoCompanies.find((x) => x.id === id)?.companyKey ?? installedCompanies.get(id);
  if (!key) throw new Error(`no demo or installed company ${id}`);
  return key;
};
const companyIdOfKey = (key: string) =>
  demoCompanies.find((c) => c.companyKey === key)?.id ??
  [...installedCompanies].find(([, k]) => k === key)?.[0];

export const queryString = (query: Record<string, unknown> | undefined) => {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null) continue;
    if (Array.isArray(v)) for (const item of v) params.append(k, String(item));
    else params.set(k, String(v));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
};

export const multipartBody = (parts: UploadPart[], field = 'file') => {
  const boundary = '----aval-test-boundary';
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${p.name}"\r\nContent-Type: ${p.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      p.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
};

type Deps = {
  app: FastifyInstance;
  /** Access token of a demo user, through the password grant. */
  signIn: (user: DemoUserName, companyId: number) => Promise<string>;
  sign: (claims: AccessClaims) => Promise<string>;
};

/**
 * A typed call of the API from its contract descriptor: builds the path (`{id}` params) and the
 * query, sends the CompanyKey and the bearer of `as`, and returns the status with the body typed
 * by the descriptor's response schema.
 */
export const createCall = ({ app, signIn, sign }: Deps): Call => {
  const sessions = new Map<string, Promise<string>>();
  const sessionOf = (user: DemoUserName, company: number) => {
    const key = `${user}@${company}`;
    let token = sessions.get(key);
    if (!token) {
      token = signIn(user, company);
      token.catch(() => sessions.delete(key));
      sessions.set(key, token);
    }
    return token;
  };

  /** Bearer token and company of a caller. */
  const resolve = async (as: Caller): Promise<{ token: string; company?: number }> => {
    if (typeof as === 'string') return { token: await sessionOf(as, 54), company: 54 };
    if ('user' in as) return { token: await sessionOf(as.user, as.company ?? 54), company: as.company ?? 54 };
    if ('cid' in as) return { token: await sign({ sub: '1', utp: 1, prm: [], ...as }), company: as.cid };
    if ('accessToken' in as) {
      const key = as.headers.companykey ?? as.headers.CompanyKey;
      return { token: as.accessToken, company: key ? companyIdOfKey(key) : undefined };
    }
    return { token: as.token, company: as.company };
  };

  return async (def, request = {}) => {
    const headers: Record<string, string> = {};
    let company: number | undefined;
    if (request.as) {
      const who = await resolve(request.as);
      headers.authorization = `Bearer ${who.token}`;
      company = who.company;
    }
    const key = request.companyKey;
    if (key !== null && (key !== undefined || def.companyKey !== false)) {
      headers.companykey =
        typeof key === 'string' ? key : companyKeyOfId(typeof key === 'number' ? key : (company ?? 54));
    }
    let payload: string | Buffer | undefined;
    if (request.files) {
      const m = multipartBody(request.files, request.fileField);
      payload = m.payload;
      headers['content-type'] = m.contentType;
    } else if (request.body !== undefined && def.form) {
      payload = queryString(request.body as Record<string, unknown>).slice(1);
      headers['content-type'] = 'application/x-www-form-urlencoded';
    } else if (request.body !== undefined) {
      payload = JSON.stringify(request.body);
      headers['content-type'] = 'application/json';
    }
    const url = `${buildPath(def.path, request.params as Record<string, unknown>)}${queryString(request.query as Record<string, unknown>)}`;
    const raw = await app.inject({
      method: def.method,
      url,
      headers: { ...headers, ...request.headers },
      payload,
    });
    let json: unknown;
    try {
      json = raw.body ? JSON.parse(raw.body) : undefined;
    } catch {
      json = undefined;
    }
    const ok = raw.statusCode >= 200 && raw.statusCode < 300;
    const errors = (json as { Errors?: unknown } | undefined)?.Errors;
    return {
      status: raw.statusCode,
      headers: raw.headers,
      body: json as WireBody<typeof def>,
      get data() {
        if (!ok) throw new Error(`${def.method} ${url} answered ${raw.statusCode}: ${raw.body}`);
        const envelope = def.envelope ?? 'Response';
        if (envelope === 'Response')
          return (json as { Response: unknown }).Response as EndpointResult<typeof def>;
        if (envelope === 'data') return (json as { data: unknown }).data as EndpointResult<typeof def>;
        return json as EndpointResult<typeof def>;
      },
      errors: Array.isArray(errors) ? (errors as string[]) : [],
      raw,
    };
  };
};
