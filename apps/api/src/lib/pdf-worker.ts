/**
 * The PDF renderer's thread (lib/pdf.ts runs it in a pool of worker threads): pdfmake lays out and
 * writes the document, bwip-js draws its barcodes, and neither blocks the API's event loop (a
 * policy PDF is ~100 ms of CPU). This file imports packages only, so Node runs it as it is in the
 * tests (its types stripped) and compiled in dist.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import bwipjs from 'bwip-js';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces.js';
import QRCode from 'qrcode';

/** What reaches the thread: a document definition with data only (no functions cross threads). */
export type PdfJob = Omit<TDocumentDefinitions, 'footer'> & {
  /** "Página n de N" on every page, with this text on the left. */
  footerText?: string;
};

/** An image drawn by bwip-js in this thread: `image: 'bwip:' + JSON of its options`. */
export const barcodePrefix = 'bwip:';
/**
 * A QR code drawn by node-qrcode in this thread: `image: 'qr:' + its payload` (error correction M,
 * 3 px a module). bwip-js draws the same code in ~12 ms (its PostScript encoder); this takes ~2.5.
 */
export const qrPrefix = 'qr:';

const require = createRequire(import.meta.url);
const pdfmake = require('pdfmake') as typeof import('pdfmake');
const fontDir = join(dirname(require.resolve('pdfmake/package.json')), 'fonts', 'Roboto');
pdfmake.setFonts({
  Roboto: {
    normal: join(fontDir, 'Roboto-Regular.ttf'),
    bold: join(fontDir, 'Roboto-Medium.ttf'),
    italics: join(fontDir, 'Roboto-Italic.ttf'),
    bolditalics: join(fontDir, 'Roboto-MediumItalic.ttf'),
  },
});
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((path) => path.startsWith(fontDir));
/**
 * pdfkit lays out text word by word (fontkit's shaping: GSUB/GPOS lookups decoded on every run) and
 * keeps the runs for one document only. The same words recur in every document of a kind (the
 * templates, the insurer's name, the labels), so this thread keeps them across documents, per font:
 * a run depends only on the font and the word (pdfkit reads it and never changes it). A document
 * renders in ~2/3 of the time (bench/RESULTS.md, 2026-12-03 10:00). Bounded: a font's words are
 * dropped together past `keptWordsPerFont`.
 */
const keptWordsPerFont = 20_000;
const keptRuns = new Map<string, Map<string, unknown>>();
type EmbeddedFont = { name: string; layoutRun(text: string): unknown };
const probe = new (createRequire(require.resolve('pdfmake'))('pdfkit'))({ autoFirstPage: false });
probe.font(join(fontDir, 'Roboto-Regular.ttf'));
const embeddedFont = (probe as { _font: EmbeddedFont })._font.constructor as {
  prototype: EmbeddedFont & { layoutCached(text: string): unknown };
};
embeddedFont.prototype.layoutCached = function (this: EmbeddedFont, text: string) {
  let runs = keptRuns.get(this.name);
  if (!runs) {
    runs = new Map();
    keptRuns.set(this.name, runs);
  }
  let run = runs.get(text);
  if (run === undefined) {
    if (runs.size >= keptWordsPerFont) runs.clear();
    run = this.layoutRun(text);
    runs.set(text, run);
  }
  return run;
};

/** Named table layouts (a layout's functions cannot cross threads): `layout: 'thinGrid'`. */
pdfmake.addTableLayouts({ thinGrid: { hLineWidth: () => 0.5, vLineWidth: () => 0.5 } });

const footer =
  (left: string) =>
  (currentPage: number, pageCount: number): Content => ({
    columns: [
      { text: left, alignment: 'left', fontSize: 7, color: '#555555' },
      { text: `Página ${currentPage} de ${pageCount}`, alignment: 'right', fontSize: 8 },
    ],
    margin: [40, 10, 40, 0],
  });

/** Replaces every `image: 'bwip:…'` or `'qr:…'` of the tree by the PNG drawn, as a data URL. */
const drawBarcodes = async (node: unknown): Promise<void> => {
  if (Array.isArray(node)) {
    for (const child of node) await drawBarcodes(child);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const record = node as Record<string, unknown>;
  for (const [key, value] of Object.entries(record)) {
    if (key === 'image' && typeof value === 'string' && value.startsWith(barcodePrefix)) {
      const png = await bwipjs.toBuffer(JSON.parse(value.slice(barcodePrefix.length)));
      record[key] = `data:image/png;base64,${png.toString('base64')}`;
    } else if (key === 'image' && typeof value === 'string' && value.startsWith(qrPrefix)) {
      record[key] = await QRCode.toDataURL(value.slice(qrPrefix.length), {
        errorCorrectionLevel: 'M',
        scale: 3,
        margin: 0,
      });
    } else await drawBarcodes(value);
  }
};

export default async function render({ footerText, ...definition }: PdfJob): Promise<Uint8Array> {
  await drawBarcodes(definition.content);
  const doc = pdfmake.createPdf({
    pageSize: 'A4',
    pageMargins: [40, 50, 40, 50],
    defaultStyle: { font: 'Roboto', fontSize: 9, lineHeight: 1.15 },
    ...definition,
    ...(footerText !== undefined ? { footer: footer(footerText) } : {}),
    info: { producer: 'Aval', creator: 'Aval', ...definition.info },
  });
  return new Uint8Array(await doc.getBuffer());
}
