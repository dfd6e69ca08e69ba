/**
 * Database failures seen from a request: an outage (503, not 500) and errors that are safe to
 * log (the SQL text, never the parameter values of a failed query: they may hold personal data).
 */

type ErrorLike = {
  name?: unknown;
  message?: unknown;
  stack?: unknown;
  code?: unknown;
  cause?: unknown;
  query?: unknown;
  params?: unknown;
  constraint?: unknown;
  table?: unknown;
  column?: unknown;
  routine?: unknown;
};

/** The error and its causes (drizzle wraps the driver's error as `cause`). */
const chainOf = (err: unknown): ErrorLike[] => {
  const chain: ErrorLike[] = [];
  let current = err;
  while (current && typeof current === 'object' && chain.length < 8 && !chain.includes(current)) {
    chain.push(current as ErrorLike);
    current = (current as ErrorLike).cause;
  }
  return chain;
};

/** SQLSTATEs of a server that is gone, going or full (class 08: connection exceptions). */
const unavailableStates = new Set(['57P01', '57P02', '57P03', '53300', '53400']);
/** Socket errors of the driver. */
const unavailableSocketCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);
/** Driver messages without a code (node-postgres pool and client, PGlite). */
const unavailableMessages = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Client has encountered a connection error/,
  /^Cannot use a pool after calling end/,
  /^PGlite is clos(ed|ing)/,
];

/** Whether `err` means the database cannot be reached (the request may succeed later). */
export const isDatabaseUnavailable = (err: unknown): boolean =>
  chainOf(err).some((e) => {
    const code = typeof e.code === 'string' ? e.code : '';
    if (code.startsWith('08') || unavailableStates.has(code) || unavailableSocketCodes.has(code)) return true;
    const message = typeof e.message === 'string' ? e.message : '';
    return unavailableMessages.some((re) => re.test(message));
  });

const sqlStateOf = (err: unknown) =>
  chainOf(err)
    .map((e) => (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) ? e.code : undefined))
    .find(Boolean);

/**
 * The pt-BR message of a data exception (SQLSTATE class 22: a value the database refuses, such as
 * an id beyond the integer range, a NUL byte, a text longer than its column), else undefined.
 */
export const invalidDataMessage = (err: unknown): string | undefined => {
  const state = sqlStateOf(err);
  if (!state?.startsWith('22')) return undefined;
  switch (state) {
    case '22003':
      return 'Valor numérico fora do intervalo permitido.';
    case '22021':
    case '22P05':
      return 'O texto enviado contém um caractere inválido.';
    case '22001':
      return 'Texto acima do tamanho permitido.';
    case '22007':
    case '22008':
      return 'Data inválida.';
    default:
      return 'Valor inválido.';
  }
};

/** Stack frames only: the first lines of a stack repeat the message (which may hold values). */
const framesOf = (stack: unknown) => {
  if (typeof stack !== 'string') return undefined;
  const at = stack.indexOf('\n    at ');
  return at < 0 ? undefined : stack.slice(at + 1);
};

/**
 * A loggable copy of an error: type, message, stack frames, SQLSTATE, constraint, table, column and
 * the SQL text of a failed query, but no parameter values, no `detail` (`Key (document)=(...)`) and
 * no quoted values in data-exception messages (`invalid input syntax for type integer: "..."`).
 */
export type LoggableError = { type: string; message: string; stack: string; [key: string]: unknown };

export const loggableError = (err: unknown): LoggableError => {
  const chain = chainOf(err);
  const top = chain[0];
  if (!top) return { type: typeof err, message: String(err), stack: '' };
  const query = chain.find((e) => typeof e.query === 'string')?.query;
  const db = chain.find((e) => typeof e.code === 'string' && e.code === sqlStateOf(err));
  const messageOf = (e: ErrorLike) => {
    const text = typeof e.message === 'string' ? e.message : '';
    if (typeof e.query === 'string') return 'Failed query';
    const code = typeof e.code === 'string' ? e.code : '';
    // Data exceptions (22xxx) and integrity violations (23xxx) quote the offending value.
    return /^2[23]/.test(code) ? text.replace(/"[^"]*"/g, '"…"').replace(/\(.*\)=\(.*\)/g, '(…)=(…)') : text;
  };
  const out: LoggableError = {
    type: (top as object).constructor?.name ?? String(top.name),
    message: chain.map(messageOf).filter(Boolean).join(': '),
    stack: framesOf(top.stack) ?? '',
  };
  if (typeof query === 'string') out.query = query;
  if (db) {
    out.sqlState = db.code;
    for (const key of ['constraint', 'table', 'column', 'routine'] as const)
      if (typeof db[key] === 'string') out[key] = db[key];
  } else if (typeof top.code === 'string') out.code = top.code;
  return out;
};

/** pino serializer for `err`: every `log.x({ err })` of a service goes through `loggableError`. */
export const errSerializer = (err: Error): LoggableError =>
  err instanceof Error ? loggableError(err) : (err as LoggableError);
