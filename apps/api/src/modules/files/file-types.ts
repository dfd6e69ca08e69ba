import { fileTypeFromBuffer } from 'file-type';

/**
 * Types accepted on upload and served, decided by the content's magic bytes (never by the name):
 * PDF, PNG, JPEG and the office formats. Never text, XML/XHTML/HTML or SVG, which a browser could
 * run or render as a page.
 */
export const allowedTypes: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
};

/** Shown in the browser (inline) when opened without asking to download: PDF and images only. */
export const inlineExtensions = new Set(['pdf', 'png', 'jpg']);

export type DetectedType = { extension: string; contentType: string };

/** The file's real type when it is on the allow-list, else undefined. */
export const detectAllowedType = async (data: Buffer): Promise<DetectedType | undefined> => {
  const detected = await fileTypeFromBuffer(data);
  if (!detected) return undefined;
  const ext = detected.ext === 'jpeg' ? 'jpg' : detected.ext;
  const contentType = allowedTypes[ext];
  return contentType ? { extension: ext, contentType } : undefined;
};

export const contentTypeOfExtension = (ext: string) =>
  allowedTypes[ext.toLowerCase()] ?? 'application/octet-stream';

/** Keeps a readable, safe display name: no path, no control or reserved characters, ≤ 120 chars. */
export const sanitiseFileName = (raw: string) => {
  const base = raw.normalize('NFC').split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .replace(/[<>:"|?*]/g, '')
    .replace(/\s+/g, ' ')
    .replace(/^[.\s]+/, '')
    .trim();
  const limited = cleaned.length > 120 ? cleaned.slice(cleaned.length - 120) : cleaned;
  return limited || 'arquivo';
};
