import type { FastifyError, FastifyInstance } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { AppError } from './errors.js';

const INTERNAL = 'Algo inesperado aconteceu! Por favor contate o administrador do sistema.';

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

/** One error handler: `{ Errors: [...] }` with a real status; no stack traces or SQL in replies. */
export const registerErrorHandler = (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, 'application error');
      return reply.status(error.status).send({ Errors: error.messages });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const messages = error.validation.map((v) => {
        const field = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
        return field ? `${field}: ${v.message}` : (v.message ?? 'Valor inválido.');
      });
      return reply.status(400).send({ Errors: messages });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause?.issues }, 'response does not match its schema');
      return reply.status(500).send({ Errors: [INTERNAL] });
    }
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send({ Errors: [INTERNAL] });
    }
    request.log.info({ err: error.message, code: (error as FastifyError).code }, 'request refused');
    return reply.status(status).send({ Errors: [statusMessages[status] ?? statusMessages[400]] });
  });
};

/** What every service sets on its root instance: zod validation and serialisation, one error handler. */
export const prepareTransport = (app: FastifyInstance) => {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
};
