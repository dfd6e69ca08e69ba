import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import bwipjs from 'bwip-js';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces.js';

/**
 * pdfmake 0.3 on the server: fonts from the package's own Roboto files, no URL or local-file
 * access from document definitions (images come as data URLs), one buffer per document.
 */
const require = createRequire(import.meta.url);
const pdfmake = require('pdfmake') as typeof import('pdfmake');
const fontDir = join(dirname(require.resolve('pdfmake/package.json')), 'fonts', 'Roboto');
let ready = false;
const setUp = () => {
  if (ready) return;
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
  ready = true;
};

/** Footer with "Página n de N" on every page (and an optional left text). */
export const numberedFooter =
  (left = '') =>
  (currentPage: number, pageCount: number): Content => ({
    columns: [
      { text: left, alignment: 'left', fontSize: 7, color: '#555555' },
      { text: `Página ${currentPage} de ${pageCount}`, alignment: 'right', fontSize: 8 },
    ],
    margin: [40, 10, 40, 0],
  });

export const renderPdf = async (definition: TDocumentDefinitions): Promise<Buffer> => {
  setUp();
  const doc = pdfmake.createPdf({
    pageSize: 'A4',
    pageMargins: [40, 50, 40, 50],
    defaultStyle: { font: 'Roboto', fontSize: 9, lineHeight: 1.15 },
    ...definition,
    info: { producer: 'Aval', creator: 'Aval', ...definition.info },
  });
  return Buffer.from(await doc.getBuffer());
};

/** A QR code (PNG) of a payload: the boleto's Pix, a document's verification link. */
export const renderQrPng = (payload: string) => bwipjs.toBuffer({ bcid: 'qrcode', text: payload, scale: 3 });

/** An image for a document definition (pdfmake reads no file or URL). */
export const dataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;
