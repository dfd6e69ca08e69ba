import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's response headers for `options`, computed once. They do not depend on the request (no
 * CSP nonces, no per-route options), and `@fastify/helmet` rebuilt Helmet's middleware, parsing
 * the CSP directives again, on every request: 12 % of GetUserInfo's CPU (issue 12, bench/).
 */
export const helmetHeaders = (options: HelmetOptions): Record<string, string> => {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
};

/** Every reply carries Helmet's headers and the request's id. */
export const securityHeaders = (app: FastifyInstance, options: HelmetOptions) => {
  const headers = helmetHeaders(options);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    reply.header('x-request-id', request.id);
    done();
  });
};
