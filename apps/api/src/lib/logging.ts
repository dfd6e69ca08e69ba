import { errSerializer } from '@aval/transport';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import pretty from 'pino-pretty';

/**
 * The process log (architecture.md §1, "Logs"): JSON lines in production
 * and whenever the output is not a terminal (a log collector reads them), a human-readable line on
 * a terminal (`LOG_FORMAT` forces either). One line per request at info, written when it ends
 * (method, route, status, time; never the body, never the query string, which may carry a CPF), and
 * personal data masked in every message: CPF, CNPJ, e-mail addresses and bearer tokens.
 */

const patterns: [RegExp, string | ((m: string) => string)][] = [
  [/Bearer\s+[\w.~+/-]+=*/gi, 'Bearer [oculto]'],
  [/\beyJ[\w-]+\.[\w-]+\.[\w-]+/g, '[token]'],
  [/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, (m) => `${m[0]}***@${m.split('@')[1]}`],
  // CNPJ (numeric or alphanumeric, masked or not), then CPF.
  [/\b[0-9A-Z]{2}\.?[0-9A-Z]{3}\.?[0-9A-Z]{3}\/?[0-9A-Z]{4}-?\d{2}\b/g, '**.***.***/****-**'],
  [/\b\d{3}\.?\d{3}\.?\d{3}-?\d{2}\b/g, '***.***.***-**'],
];

/** A text with its personal data masked. */
export const maskPersonalData = (text: string) =>
  patterns.reduce((t, [re, by]) => t.replace(re, by as string), text);

/** Masks the strings of a log object, one level deep (the fields the code logs), and its message. */
const maskFields = (value: unknown): unknown =>
  typeof value === 'string' ? maskPersonalData(value) : Array.isArray(value) ? value.map(maskFields) : value;

export type LogFormat = 'json' | 'pretty';

/** JSON unless on a terminal outside production; `LOG_FORMAT` decides when set. */
export const logFormatOf = (env: { LOG_FORMAT?: string; NODE_ENV?: string }, tty = process.stdout.isTTY) =>
  (env.LOG_FORMAT === 'json' || env.LOG_FORMAT === 'pretty'
    ? env.LOG_FORMAT
    : tty && env.NODE_ENV !== 'production'
      ? 'pretty'
      : 'json') as LogFormat;

/** Fastify's logger options for `level` and `format` (a `stream` given is kept: tests read the lines). */
export const loggerOptions = (
  level: string,
  format: LogFormat,
  stream?: { write(line: string): void },
): NonNullable<FastifyServerOptions['logger']> => ({
  level,
  serializers: { err: errSerializer },
  redact: {
    paths: [
      'req.headers.authorization',
      'req.headers.cookie',
      '*.password',
      '*.Password',
      '*.token',
      '*.Token',
    ],
    censor: '[oculto]',
  },
  formatters: {
    log: (object) => Object.fromEntries(Object.entries(object).map(([k, v]) => [k, maskFields(v)])),
  },
  hooks: {
    logMethod(args, method) {
      method.apply(
        this,
        args.map((a) => (typeof a === 'string' ? maskPersonalData(a) : a)) as Parameters<typeof method>,
      );
    },
  },
  ...(stream
    ? { stream }
    : format === 'pretty'
      ? {
          stream: pretty({
            colorize: true,
            translateTime: 'SYS:HH:MM:ss',
            ignore: 'pid,hostname,reqId',
            singleLine: true,
          }),
        }
      : {}),
});

/**
 * One line per request, when it ends: `GET /api/Policy/SearchPolicies… 200 12 ms` with the route's
 * pattern (its parameters and query string left out). Fastify's two lines per request are off
 * (`disableRequestLogging`).
 */
export const logRequests = (app: FastifyInstance) => {
  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url ?? req.url.split('?')[0];
    const ms = Math.round(reply.elapsedTime);
    const line = { reqId: req.id, method: req.method, route, status: reply.statusCode, ms };
    if (reply.statusCode >= 500) req.log.error(line, `${req.method} ${route} ${reply.statusCode} ${ms} ms`);
    else req.log.info(line, `${req.method} ${route} ${reply.statusCode} ${ms} ms`);
  });
};
