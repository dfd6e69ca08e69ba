import type { FastifyError, FastifyInstance } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { invalidDataMessage, isDatabaseUnavailable, loggableError } from './db-errors.js';
import { AppError, type FieldError } from './errors.js';

const INTERNAL = 'Algo inesperado aconteceu! Por favor contate o administrador do sistema.';
/** The reply of every call while the database cannot be reached (the same words as `/ready`). */
export const DATABASE_UNAVAILABLE = 'Banco de dados indisponível. Tente novamente em instantes.';

const statusMessages: Record<number, string> = {
  400: 'Requisição inválida.',
  401: 'Sessão inválida ou expirada. Entre novamente.',
  403: 'Você não tem permissão para executar esta ação.',
  404: 'Recurso não encontrado.',
  405: 'Método não permitido.',
  406: 'Formato de resposta não suportado.',
  413: 'O conteúdo enviado excede o tamanho permitido.',
  415: 'Tipo de conteúdo não suportado.',
  429: 'Muitas tentativas. Aguarde um momento e tente novamente.',
};

/** The body of every refusal. */
export type ErrorReply = { Errors: string[]; Fields?: FieldError[] };
/** How a service dresses its refusals (the kanban service adds the spec's `success: false, message`). */
export type ErrorShape = (body: ErrorReply) => object;

/** `{ Errors }` plus `Fields` when some messages belong to a body field. */
const errorReply = (messages: string[], fields: FieldError[]): ErrorReply =>
  fields.length ? { Errors: [...new Set(messages)], Fields: fields } : { Errors: [...new Set(messages)] };

/**
 * One error handler: `{ Errors: [...] }` with a real status; no stack traces or SQL in replies.
 * Messages stand alone in pt-BR (never prefixed with a field name); those of a field are also in
 * `Fields` with the field's path, for forms.
 */
export const registerErrorHandler = (app: FastifyInstance, shape: ErrorShape = (body) => body) => {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    const refuse = (status: number, body: ErrorReply) => reply.status(status).send(shape(body));
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: loggableError(error) }, 'application error');
      reply.headers(error.headers);
      return refuse(error.status, errorReply(error.messages, error.fields));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: FieldError[] = [];
      const messages = error.validation.map((v) => {
        const message = v.message ?? 'Valor inválido.';
        const field = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
        if (field && error.validationContext === 'body') fields.push({ Field: field, Message: message });
        return message;
      });
      return refuse(400, errorReply(messages, fields));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: loggableError(error) }, 'database unavailable');
      reply.header('retry-after', '5');
      return refuse(503, { Errors: [DATABASE_UNAVAILABLE] });
    }
    // A value the database refuses (out of range, NUL byte, too long, bad text representation)
    // that no schema caught: the caller's input, not a fault of the service.
    const invalidData = invalidDataMessage(error);
    if (invalidData) {
      request.log.warn({ err: loggableError(error) }, 'value refused by the database');
      return refuse(400, { Errors: [invalidData] });
    }
    if (isResponseSerializationError(error)) {
      request.log.error(
        { err: loggableError(error), issues: error.cause?.issues?.map(({ code, path }) => ({ code, path })) },
        'response does not match its schema',
      );
      return refuse(500, { Errors: [INTERNAL] });
    }
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: loggableError(error) }, 'unhandled error');
      return refuse(500, { Errors: [INTERNAL] });
    }
    request.log.info({ err: error.message, code: (error as FastifyError).code }, 'request refused');
    return refuse(status, { Errors: [statusMessages[status] ?? statusMessages[400]!] });
  });
};

/** What every service sets on its root instance: zod validation and serialisation, one error handler. */
export const prepareTransport = (app: FastifyInstance) => {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
};
