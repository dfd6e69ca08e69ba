import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import type bwipjs from 'bwip-js';
import { Piscina } from 'piscina';
import { barcodePrefix, type PdfJob, qrPrefix } from './pdf-worker.js';

/**
 * PDFs are rendered off the event loop, in a pool of worker threads (pdf-worker.ts): pdfmake 0.3
 * with the package's own Roboto fonts, no URL or local-file access from document definitions
 * (images come as data URLs or barcodes drawn in the thread), one buffer per document. A
 * document is ~100 ms of CPU; on the request's thread it held up every other request meanwhile
 * (bench/RESULTS.md, life cycle, 2026-12-03). `PDF_THREADS` sets the pool's size (default: the
 * machine's cores less one, at least one); idle threads end after 30 s and never hold the process.
 */
export type PdfDefinition = PdfJob;

const workerFile = () => {
  const built = new URL('./pdf-worker.js', import.meta.url);
  return existsSync(fileURLToPath(built)) ? built : new URL('./pdf-worker.ts', import.meta.url);
};

let pool: Piscina | undefined;
const renderers = () => {
  pool ??= new Piscina({
    filename: workerFile().href,
    maxThreads: Number(process.env.PDF_THREADS ?? Math.max(1, availableParallelism() - 1)),
    minThreads: 0,
    idleTimeout: 30_000,
  });
  return pool;
};

export const renderPdf = async (definition: PdfDefinition): Promise<Buffer> =>
  Buffer.from((await renderers().run(definition)) as Uint8Array);

/** An image the rendering thread draws with bwip-js (e.g. a boleto's Interleaved 2 of 5). */
export const barcodeImage = (options: Parameters<typeof bwipjs.toBuffer>[0]) =>
  `${barcodePrefix}${JSON.stringify(options)}`;

/** A QR code of a payload: the boleto's Pix, a document's verification link. */
export const qrImage = (payload: string) => `${qrPrefix}${payload}`;
