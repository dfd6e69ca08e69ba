import {
  BarcodeFormat,
  BinaryBitmap,
  DecodeHintType,
  HybridBinarizer,
  MultiFormatReader,
  QRCodeReader,
  RGBLuminanceSource,
} from '@zxing/library';
import { PNG } from 'pngjs';

/** A PDF opened by pdf.js (an independent reader), with the library (its operator codes). */
const openPdf = async (pdf: Buffer) => {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({
    data: new Uint8Array(pdf),
    useSystemFonts: false,
    isEvalSupported: false,
  }).promise;
  return { pdfjs, doc };
};

/** Text of every page of a PDF, through pdf.js. */
export const pdfText = async (pdf: Buffer) => {
  const { doc } = await openPdf(pdf);
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(content.items.map((it) => ('str' in it ? it.str : '')).join(' '));
  }
  await doc.destroy();
  return { pages, text: pages.join('\n').replace(/\s+/g, ' ') };
};

/** A QR code in a luminance bitmap (one byte per pixel), read by ZXing (`pure`: the image is the code alone). */
const decodeQr = (luminance: Uint8ClampedArray, width: number, height: number, pure: boolean) => {
  const source = new RGBLuminanceSource(luminance, width, height);
  const hints = new Map<DecodeHintType, unknown>([
    [pure ? DecodeHintType.PURE_BARCODE : DecodeHintType.TRY_HARDER, true],
  ]);
  return new QRCodeReader().decode(new BinaryBitmap(new HybridBinarizer(source)), hints).getText();
};

/**
 * The QR codes drawn on a PDF's pages, decoded: pdf.js decodes each page's images to pixels and
 * ZXing reads them (what a phone would read from the printed page, without rasterising text).
 */
export const pdfQrCodes = async (pdf: Buffer) => {
  const { pdfjs, doc } = await openPdf(pdf);
  const found: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const ops = await page.getOperatorList();
    for (const [i, fn] of ops.fnArray.entries()) {
      if (fn !== pdfjs.OPS.paintImageXObject) continue;
      const name = ops.argsArray[i]![0] as string;
      const img = (await new Promise((resolve) => page.objs.get(name, resolve))) as {
        width: number;
        height: number;
        data: Uint8ClampedArray;
        kind: number;
      };
      const channels = img.data.length / (img.width * img.height);
      if (channels !== 3 && channels !== 4) continue;
      // White where transparent, and a white quiet zone around (the page is white there).
      const pad = 16;
      const width = img.width + 2 * pad;
      const height = img.height + 2 * pad;
      const luminance = new Uint8ClampedArray(width * height).fill(255);
      for (let y = 0; y < img.height; y++)
        for (let x = 0; x < img.width; x++) {
          const p = (y * img.width + x) * channels;
          const [r, g, b] = [img.data[p]!, img.data[p + 1]!, img.data[p + 2]!];
          const opaque = channels === 3 || img.data[p + 3]! > 0;
          luminance[(y + pad) * width + x + pad] = opaque
            ? Math.round(0.299 * r + 0.587 * g + 0.114 * b)
            : 255;
        }
      // The image is the code alone: read it as such, else search it as in a photo.
      for (const pure of [true, false]) {
        try {
          found.push(decodeQr(luminance, width, height, pure));
          break;
        } catch {
          // not a QR code (a logo, a barcode), or not found this way
        }
      }
    }
  }
  await doc.destroy();
  return found;
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
