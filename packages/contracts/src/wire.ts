/* The zod-free helpers of a call on the wire: the web's first screen imports them without zod. */

/**
 * Read-your-writes with a replica (docs/operations.md): an answer to a write carries the primary's
 * log position (`Aval-Write-Position`); the client sends the furthest it saw back on every call
 * (`Aval-Read-After`), and a replica serves its reads only once it has replayed that far.
 */
export const WRITE_POSITION_HEADER = 'aval-write-position';
export const READ_AFTER_HEADER = 'aval-read-after';

/** Whether log position `a` (`16/B374D848`) is past `b`; any position is past none. */
export const isLaterPosition = (a: string, b: string | undefined) => {
  const value = (p: string) => {
    const [hi = '0', lo = '0'] = p.split('/');
    return (BigInt(`0x${hi}`) << 32n) | BigInt(`0x${lo}`);
  };
  return b === undefined || value(a) > value(b);
};

/** Fills `{name}` path parameters. */
export const buildPath = (path: string, params?: Record<string, unknown>): string =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`Parâmetro de rota ausente: ${name}`);
    return encodeURIComponent(String(value));
  });
