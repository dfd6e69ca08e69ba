/** Keeps only the digits 0-9. */
export const onlyDigits = (value: string | null | undefined): string => (value ?? '').replace(/\D/g, '');

/** Keeps only [0-9A-Z], upper-casing letters (alphanumeric CNPJ). */
export const onlyAlphanumeric = (value: string | null | undefined): string =>
  (value ?? '').toUpperCase().replace(/[^0-9A-Z]/g, '');

/** Strips accents and non-alphanumerics and lowercases (spec §5 duplicate normaliser). */
export const normaliseForComparison = (value: string | null | undefined): string =>
  (value ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^0-9A-Za-z]/g, '')
    .toLowerCase();

const htmlEscapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => htmlEscapes[c] ?? c);

/**
 * Applies a mask pattern where `#` takes the next character of `value`; literal characters are
 * emitted only while more characters remain (so partial input is masked progressively).
 */
export const applyMask = (value: string, pattern: string): string => {
  let out = '';
  let i = 0;
  for (const p of pattern) {
    if (i >= value.length) break;
    if (p === '#') {
      out += value[i];
      i += 1;
    } else {
      out += p;
    }
  }
  return out;
};
