import { limits } from '@aval/contracts';

/** A chunk or stylesheet that failed (or did not arrive within 120 s, spec §9). */
export class ChunkLoadError extends Error {
  constructor(cause?: unknown) {
    super('Não foi possível carregar esta página. Verifique sua conexão e tente novamente.', { cause });
    this.name = 'ChunkLoadError';
  }
}

/** Runs a lazy import; raises ChunkLoadError on failure or after the time-out. */
export const loadWithTimeout = <T>(load: () => Promise<T>, timeoutMs: number = limits.chunkLoadTimeoutMs) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError()), timeoutMs);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(error));
      },
    );
  });
