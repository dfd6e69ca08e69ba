import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The Helmet options of every Aval service (the API with the portal, and the kanban service on its
 * own): one content security policy, `frame-src` narrowed to `frameOrigins` (the API's configured
 * external BI origins, BI_EMBED_ORIGINS; none on a service that serves no page).
 */
export const avalHelmetOptions = ({
  frameOrigins = [],
}: {
  frameOrigins?: readonly string[];
} = {}): HelmetOptions => ({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      // The companies' external BI (Metabase static embedding, /bi/embbeded) in an iframe: only
      // the origins configured at startup, never any HTTPS site.
      frameSrc: ["'self'", ...frameOrigins],
      frameAncestors: ["'self'"],
      upgradeInsecureRequests: null,
    },
  },
});

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

/**
 * Every reply carries Helmet's headers and the request's id (set on the request, so a hijacked
 * reply such as a board's event stream sends them too).
 */
export const securityHeaders = (app: FastifyInstance, options: HelmetOptions = avalHelmetOptions()) => {
  const headers = helmetHeaders(options);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    reply.header('x-request-id', request.id);
    done();
  });
};
