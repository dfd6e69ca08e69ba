import {
  buildPath,
  type CallDef,
  type CallRef,
  type EndpointDef,
  type EndpointRequest,
  type EndpointResult,
  type ErrorBody,
  type FieldError,
  isLaterPosition,
  READ_AFTER_HEADER,
  uiMessages,
  WRITE_POSITION_HEADER,
} from '@aval/contracts';

/**
 * An API refusal: the HTTP status and the server's pt-BR messages (`Errors`). OAuth2 replies
 * (`/connect/token`) carry `error`, `error_description` and, for a locked account, `locked_until`.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly messages: string[];
  readonly body: unknown;
  constructor(status: number, messages: string[], body?: unknown) {
    super(messages.join(' ') || uiMessages.requestFailed);
    this.name = 'ApiError';
    this.status = status;
    this.messages = messages;
    this.body = body;
  }
  /** The messages that belong to a body field (`Fields` of the reply), with the field's path. */
  get fields(): FieldError[] {
    const fields = (this.body as ErrorBody | undefined)?.Fields;
    return Array.isArray(fields) ? fields : [];
  }
  /** The server's `Errors` (alias of messages). */
  get errors(): string[] {
    return this.messages;
  }
  /** OAuth2 error code (`invalid_grant`, ...) when the body is an RFC 6749 error. */
  get oauthError(): string | undefined {
    const b = this.body as { error?: unknown } | undefined;
    return typeof b?.error === 'string' ? b.error : undefined;
  }
  /** ISO instant until which the account is locked (token endpoint). */
  get lockedUntil(): string | undefined {
    const b = this.body as { locked_until?: unknown } | undefined;
    return typeof b?.locked_until === 'string' ? b.locked_until : undefined;
  }
}

/** Hook called on a 401 of an authenticated call; it may start the refresh flow. */
export type UnauthorizedHandler = (error: ApiError) => void;

export type ClientOptions = {
  baseUrl?: string;
  companyKey?: () => string | undefined;
  accessToken?: () => string | undefined;
  onUnauthorized?: UnauthorizedHandler;
  fetch?: typeof fetch;
};

export type CallOptions = {
  /** Send the body form-encoded (OAuth2 token endpoint) instead of JSON. */
  encoding?: 'json' | 'form';
  signal?: AbortSignal;
  /** Report a 401 to the session's refresh flow (default true). */
  handleUnauthorized?: boolean;
};

export type UploadOptions = {
  /** Called with 0..100 while the body is sent. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
};

export const toQueryString = (query: Record<string, unknown> | undefined) => {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null || v === '') continue;
    if (Array.isArray(v)) for (const item of v) params.append(k, String(item));
    else params.set(k, String(v));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
};

const parseJson = (text: string): unknown => {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

/** Builds the error of a failed reply: `Errors`, an OAuth2 description, or the default text. */
export const errorFromBody = (status: number, json: unknown): ApiError => {
  const errors = (json as ErrorBody | undefined)?.Errors;
  if (Array.isArray(errors) && errors.length) return new ApiError(status, errors, json);
  const oauth = json as { error?: string; error_description?: string } | undefined;
  if (oauth?.error_description) return new ApiError(status, [oauth.error_description], json);
  return new ApiError(status, [uiMessages.requestFailed], json);
};

const unwrap = <D extends EndpointDef>(def: CallDef, json: unknown) => {
  const envelope = def.envelope ?? 'Response';
  if (envelope === 'Response')
    return (json as { Response: unknown } | undefined)?.Response as EndpointResult<D>;
  if (envelope === 'data') {
    // The kanban service's replies: success=false is rejected with its message (spec §7).
    const body = json as { success?: boolean; data?: unknown; message?: string } | undefined;
    if (body?.success === false) throw new ApiError(200, [body.message || uiMessages.requestFailed], json);
    return body?.data as EndpointResult<D>;
  }
  return json as EndpointResult<D>;
};

/**
 * Typed client from the contract descriptors: adds CompanyKey and bearer (not for calls whose
 * descriptor says auth: false), unwraps `Response` and turns `Errors` into ApiError. A 401 on an
 * authenticated call is reported to `onUnauthorized` (the session's refresh flow) and rejected.
 */
export const createApiClient = (options: ClientOptions = {}) => {
  // The furthest write of this client the API reported: a replica serves its reads only once it
  // has replayed it (read-your-writes, docs/operations.md).
  let readAfter: string | undefined;
  const keepWritePosition = (position: string | null) => {
    if (position && isLaterPosition(position, readAfter)) readAfter = position;
  };
  const headersFor = (def: CallDef): Record<string, string> => {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (readAfter) headers[READ_AFTER_HEADER] = readAfter;
    const companyKey = options.companyKey?.();
    if (def.companyKey !== false && companyKey) headers.CompanyKey = companyKey;
    const token = def.auth !== false ? options.accessToken?.() : undefined;
    if (token) headers.Authorization = `Bearer ${token}`;
    return headers;
  };

  const urlFor = (def: CallDef, req: { params?: unknown; query?: unknown }) =>
    `${options.baseUrl ?? ''}${buildPath(def.path, req.params as Record<string, unknown>)}${toQueryString(req.query as Record<string, unknown>)}`;

  const fail = (def: CallDef, status: number, json: unknown, report = true): never => {
    const error = errorFromBody(status, json);
    if (status === 401 && def.auth !== false && report) options.onUnauthorized?.(error);
    throw error;
  };

  const callAny = async (
    def: CallDef,
    req: { params?: unknown; query?: unknown; body?: unknown } = {},
    callOptions: CallOptions = {},
  ): Promise<unknown> => {
    const headers = headersFor(def);
    let body: BodyInit | undefined;
    if (req.body instanceof FormData) body = req.body;
    else if (req.body !== undefined && (def.form || callOptions.encoding === 'form')) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = toQueryString(req.body as Record<string, unknown>).slice(1);
    } else if (req.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(req.body);
    }
    const doFetch = options.fetch ?? fetch;
    const res = await doFetch(urlFor(def, req), {
      method: def.method,
      headers,
      body,
      signal: callOptions.signal,
    });
    keepWritePosition(res.headers.get(WRITE_POSITION_HEADER));
    const json = parseJson(await res.text());
    if (!res.ok) return fail(def, res.status, json, callOptions.handleUnauthorized !== false);
    return unwrap(def, json);
  };

  /** multipart/form-data upload through XMLHttpRequest so the caller sees the upload progress. */
  const upload = <D extends EndpointDef>(
    def: D,
    form: FormData,
    uploadOptions: UploadOptions = {},
  ): Promise<EndpointResult<D>> =>
    new Promise((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(def.method, urlFor(def, {}));
      for (const [k, v] of Object.entries(headersFor(def))) xhr.setRequestHeader(k, v);
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable) uploadOptions.onProgress?.(Math.round((e.loaded / e.total) * 100));
      };
      xhr.onload = () => {
        keepWritePosition(xhr.getResponseHeader(WRITE_POSITION_HEADER));
        const json = parseJson(xhr.responseText);
        if (xhr.status >= 200 && xhr.status < 300) {
          uploadOptions.onProgress?.(100);
          resolve(unwrap<D>(def, json));
          return;
        }
        try {
          fail(def, xhr.status, json);
        } catch (e) {
          reject(e);
        }
      };
      xhr.onerror = () => reject(new ApiError(0, [uiMessages.requestFailed]));
      xhr.onabort = () => reject(new DOMException('Envio cancelado.', 'AbortError'));
      uploadOptions.signal?.addEventListener('abort', () => xhr.abort());
      xhr.send(form);
    });

  /** A call by its descriptor, or by its schema-less `CallRef` (start-up and sign-in). */
  const call = callAny as {
    <D extends EndpointDef>(
      def: D,
      req?: EndpointRequest<D>,
      options?: CallOptions,
    ): Promise<EndpointResult<D>>;
    <D extends EndpointDef>(
      def: CallRef<D>,
      req?: EndpointRequest<D>,
      options?: CallOptions,
    ): Promise<EndpointResult<D>>;
  };

  return { call, upload };
};

export type ApiClient = ReturnType<typeof createApiClient>;
