import { limits } from '../catalogues/limits.js';

export const TEXT_MAX_LENGTH = limits.textMaxLength;

/** Cuts text inputs to the spec's 50 characters (spec §5/§9). */
export const truncateText = (value: string, max: number = TEXT_MAX_LENGTH): string =>
  value.length > max ? value.slice(0, max) : value;

const entities: Record<string, string> = { nbsp: ' ', amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * Plain text of the editor's HTML (contractual terms, clauses) for documents that print text: a
 * paragraph, heading or list item per line (items with "• "), `<br>` as a line break, tags dropped
 * and entities decoded.
 */
export const htmlToText = (html: string): string =>
  html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li[^>]*>/gi, '\n• ')
    .replace(/<\/\s*(p|div|h[1-6]|ul|ol|blockquote|tr)\s*>/gi, '\n')
    .replace(/<\/?\s*[a-z][^>]*>/gi, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, e: string) => {
      if (e[0] === '#')
        return String.fromCodePoint(
          e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1)),
        );
      return entities[e.toLowerCase()] ?? whole;
    })
    .split('\n')
    .map((l) => l.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
