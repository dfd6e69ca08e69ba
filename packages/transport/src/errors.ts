/** A message that belongs to one field of the request body (`Field` is its dotted path). */
export type FieldError = { Field: string; Message: string };

/**
 * The one error type of the API: an HTTP status, pt-BR messages for people, a stable code and,
 * for refusals of a body field, the field each message belongs to (`Fields` in the reply).
 */
export class AppError extends Error {
  readonly status: number;
  readonly code: string;
  readonly messages: string[];
  readonly fields: FieldError[];
  /** Extra reply headers (e.g. `retry-after` of a 429). */
  headers: Record<string, string> = {};

  constructor(status: number, messages: string | string[], code = 'error', fields: FieldError[] = []) {
    const list = Array.isArray(messages) ? messages : [messages];
    super(list.join(' '));
    this.status = status;
    this.code = code;
    this.messages = list;
    this.fields = fields;
  }
}

/** A refusal of body fields: each message is listed in `Errors` and, with its field, in `Fields`. */
export const invalidFields = (status: number, fields: FieldError[], code = 'validation') =>
  new AppError(
    status,
    fields.map((f) => f.Message),
    code,
    fields,
  );

export const badRequest = (m: string | string[], code = 'bad_request') => new AppError(400, m, code);
export const unauthorized = (m = 'Sessão inválida ou expirada. Entre novamente.', code = 'unauthorized') =>
  new AppError(401, m, code);
export const forbidden = (m = 'Você não tem permissão para executar esta ação.', code = 'forbidden') =>
  new AppError(403, m, code);
export const notFound = (m = 'Registro não encontrado.', code = 'not_found') => new AppError(404, m, code);
export const conflict = (m: string, code = 'conflict') => new AppError(409, m, code);
export const payloadTooLarge = (m: string, code = 'payload_too_large') => new AppError(413, m, code);
export const unsupportedMedia = (m: string, code = 'unsupported_media_type') => new AppError(415, m, code);
export const unprocessable = (m: string | string[], code = 'business_rule') => new AppError(422, m, code);
/** A 429 with `Retry-After` (seconds): a rate limit or quota kept in the database was reached. */
export const tooManyRequests = (m: string, retryAfterSeconds: number, code = 'too_many_requests') => {
  const error = new AppError(429, m, code);
  error.headers['retry-after'] = String(Math.max(1, Math.ceil(retryAfterSeconds)));
  return error;
};
