import {
  buildPath,
  type EndpointDef,
  type EndpointRequest,
  type EndpointResult,
  type ErrorBody,
} from '@aval/contracts';

/** An API refusal: the HTTP status and the server's pt-BR messages (`Errors`). */
export class ApiError extends Error {
  readonly status: number;
  readonly messages: string[];
  constructor(status: number, messages: string[]) {
    super(messages.join(' ') || 'Erro ao tentar executar a solicitação.');
    this.status = status;
    this.messages = messages;
  }
}

export type ClientOptions = {
  baseUrl?: string;
  companyKey?: () => string | undefined;
  accessToken?: () => string | undefined;
};

const toQueryString = (query: Record<string, unknown> | undefined) => {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null || v === '') continue;
    params.set(k, String(v));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
};

/**
 * Typed client from the contract descriptors: adds CompanyKey and bearer (not for calls whose
 * descriptor says auth: false), unwraps `Response` and turns `Errors` into ApiError.
 */
export const createApiClient = (options: ClientOptions = {}) => {
  const call = async <D extends EndpointDef>(
    def: D,
    req: EndpointRequest<D> = {},
  ): Promise<EndpointResult<D>> => {
    const url = `${options.baseUrl ?? ''}${buildPath(def.path, req.params as Record<string, unknown>)}${toQueryString(req.query as Record<string, unknown>)}`;
    const headers: Record<string, string> = { accept: 'application/json' };
    const companyKey = options.companyKey?.();
    if (def.companyKey !== false && companyKey) headers.CompanyKey = companyKey;
    const token = options.accessToken?.();
    if (def.auth !== false && token) headers.Authorization = `Bearer ${token}`;
    let body: BodyInit | undefined;
    if (req.body instanceof FormData) body = req.body;
    else if (req.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(req.body);
    }
    const res = await fetch(url, { method: def.method, headers, body });
    const text = await res.text();
    const json = text ? (JSON.parse(text) as unknown) : undefined;
    if (!res.ok) {
      const errors = (json as ErrorBody | undefined)?.Errors;
      throw new ApiError(res.status, errors?.length ? errors : ['Erro ao tentar executar a solicitação.']);
    }
    return (
      (def.envelope ?? 'Response') === 'Response' ? (json as { Response: unknown }).Response : json
    ) as EndpointResult<D>;
  };
  return { call };
};

export type ApiClient = ReturnType<typeof createApiClient>;
