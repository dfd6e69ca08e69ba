import {
  BarcodeFormat,
  BinaryBitmap,
  DecodeHintType,
  HybridBinarizer,
  MultiFormatReader,
  RGBLuminanceSource,
} from '@zxing/library';
import { PNG } from 'pngjs';

/** Text of every page of a PDF, through pdf.js (an independent reader). */
export const pdfText = async (pdf: Buffer) => {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({
    data: new Uint8Array(pdf),
    useSystemFonts: false,
    isEvalSupported: false,
  }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(content.items.map((it) => ('str' in it ? it.str : '')).join(' '));
  }
  await doc.destroy();
  return { pages, text: pages.join('\n').replace(/\s+/g, ' ') };
};

/** Decodes an Interleaved 2 of 5 barcode from a PNG with ZXing (rasterised pixels, no shortcut). */
export const decodeItf = (png: Buffer) => {
  const img = PNG.sync.read(png);
  const luminance = new Uint8ClampedArray(img.width * img.height);
  for (let i = 0; i < img.width * img.height; i++) {
    const [r, g, b, a] = [img.data[i * 4]!, img.data[i * 4 + 1]!, img.data[i * 4 + 2]!, img.data[i * 4 + 3]!];
    luminance[i] = a === 0 ? 255 : Math.round(0.299 * r + 0.587 * g + 0.114 * b);
  }
  const reader = new MultiFormatReader();
  const hints = new Map<DecodeHintType, unknown>([
    [DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.ITF]],
    [DecodeHintType.ALLOWED_LENGTHS, new Int32Array([44])],
    [DecodeHintType.TRY_HARDER, true],
  ]);
  reader.setHints(hints);
  const source = new RGBLuminanceSource(luminance, img.width, img.height);
  return reader.decode(new BinaryBitmap(new HybridBinarizer(source))).getText();
};
