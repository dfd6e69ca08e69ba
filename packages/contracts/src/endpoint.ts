import './zod-locale.js';
import type { PermissionId, UserTypeId } from '@aval/domain';
import { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * How the success body is shaped on the wire.
 * - `Response`: the handler returns the payload and the body is `{ Response: payload }` (spec §7).
 * - `raw`: the handler returns the whole body (lists with `{ Data, Total, ... }`, OAuth2 replies).
 * - `data`: the kanban service's replies (spec §7): the handler returns the payload and the body is
 *   `{ success: true, data: payload }`; failures are `{ Errors }` with their status like every call.
 */
export type Envelope = 'Response' | 'raw' | 'data';

/** One call of the API: the single source for the server's route, the web's client and OpenAPI. */
export type EndpointDef = {
  /** Area of endpoints.tsv (auth, users, files, ...) or `extra` for our own allow-listed routes. */
  area: string;
  method: HttpMethod;
  /** Path as the spec writes it (`/api/Insured/SearchInsureds`); `{name}` for path parameters. */
  path: string;
  summary: string;
  description?: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  response: z.ZodType;
  envelope?: Envelope;
  /** Bearer token required (default true). */
  auth?: boolean;
  /** CompanyKey header required (default true). */
  companyKey?: boolean;
  /** Any one of these menu-functionality ids is required; empty means any authenticated user. */
  permissions?: readonly PermissionId[];
  /** User types allowed; undefined means every type. */
  userTypes?: readonly UserTypeId[];
  /** multipart/form-data upload; files arrive through the `file` field. */
  multipart?: boolean;
  /** Body sent as application/x-www-form-urlencoded (the OAuth2 token endpoint). */
  form?: boolean;
  /** Error body schema when it is not `{ Errors }` (RFC 6749 replies of the token endpoints). */
  errorBody?: z.ZodType;
};

export const endpoint = <const D extends EndpointDef>(def: D): D => def;

type Infer<T> = T extends z.ZodType ? z.infer<T> : undefined;
type InferIn<T> = T extends z.ZodType ? z.input<T> : undefined;

/** Parsed inputs a handler receives. */
export type EndpointInput<D extends EndpointDef> = {
  params: Infer<D['params']>;
  query: Infer<D['query']>;
  body: Infer<D['body']>;
};

/** Inputs a client sends (before coercion). */
export type EndpointRequest<D extends EndpointDef> = {
  params?: InferIn<D['params']>;
  query?: InferIn<D['query']>;
  body?: InferIn<D['body']>;
};

/** What the handler returns (the payload inside `Response`, or the whole body for `raw`). */
export type EndpointOutput<D extends EndpointDef> = z.input<D['response']>;
/** What the client reads after unwrapping. */
export type EndpointResult<D extends EndpointDef> = z.infer<D['response']>;

/** A refusal that belongs to one field of the body: its path (`Name`, `ResponsiblePersons.0.Cpf`). */
export const fieldError = z.object({ Field: z.string(), Message: z.string() }).meta({ id: 'FieldError' });
export type FieldError = z.infer<typeof fieldError>;

/**
 * Error body: `Errors` are pt-BR messages that stand alone (no field names); `Fields` repeats the
 * ones that belong to a field of the body with its path, so a form shows them on that field.
 */
export const errorBody = z
  .object({ Errors: z.array(z.string()), Fields: z.array(fieldError).optional() })
  .meta({ id: 'Errors' });
export type ErrorBody = z.infer<typeof errorBody>;

/** Wire body of an endpoint's success reply. */
export const successBody = (def: EndpointDef): z.ZodType => {
  switch (def.envelope ?? 'Response') {
    case 'Response':
      return z.object({ Response: def.response });
    case 'data':
      return z.object({ success: z.literal(true), data: def.response });
    default:
      return def.response;
  }
};
