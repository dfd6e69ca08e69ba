import { fileTypeFromBuffer } from 'file-type';

/** Types accepted on upload, decided by the content's magic bytes (never by the name). */
export const allowedTypes: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  zip: 'application/zip',
  xml: 'application/xml',
  txt: 'text/plain',
  csv: 'text/csv',
};

const textExtensions = new Set(['txt', 'csv']);

const looksLikeUtf8Text = (data: Buffer) => {
  if (data.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(data);
    return true;
  } catch {
    return false;
  }
};

export type DetectedType = { extension: string; contentType: string };

/** The file's real type when it is on the allow-list, else undefined. */
export const detectAllowedType = async (
  data: Buffer,
  fileName: string,
): Promise<DetectedType | undefined> => {
  const detected = await fileTypeFromBuffer(data);
  if (detected) {
    const ext = detected.ext === 'jpeg' ? 'jpg' : detected.ext;
    const contentType = allowedTypes[ext];
    return contentType ? { extension: ext, contentType } : undefined;
  }
  // Plain text has no magic bytes: accept .txt/.csv whose content really is UTF-8 text.
  const declared = fileName.toLowerCase().split('.').pop() ?? '';
  if (textExtensions.has(declared) && data.length > 0 && looksLikeUtf8Text(data)) {
    return { extension: declared, contentType: allowedTypes[declared]! };
  }
  return undefined;
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
