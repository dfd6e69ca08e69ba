import { renderTags, TAG_PATTERN, type TagContext, tagsInTemplate } from '@aval/contracts';
import sanitizeHtml from 'sanitize-html';
import { badRequest } from '../../lib/errors.js';

export { sampleTagContext } from '@aval/contracts';

/** What the rich-text editor may produce; everything else (scripts, handlers, iframes…) is dropped. */
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'span',
    'div',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'blockquote',
    'ul',
    'ol',
    'li',
    'hr',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'a',
    'mark',
    'code',
    'pre',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    '*': ['style', 'class'],
    td: ['colspan', 'rowspan', 'style'],
    th: ['colspan', 'rowspan', 'style'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedStyles: {
    '*': {
      color: [/^#[0-9a-f]{3,8}$/i, /^rgb\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*\)$/i],
      'background-color': [/^#[0-9a-f]{3,8}$/i, /^rgb\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*\)$/i],
      'text-align': [/^(left|right|center|justify)$/],
      'font-weight': [/^(bold|normal|[1-9]00)$/],
      'font-style': [/^(italic|normal)$/],
      'text-decoration': [/^(underline|line-through|none)$/],
    },
  },
  allowedClasses: { '*': [/^tag-[a-z-]+$/, /^text-[a-z-]+$/] },
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
};

/** Sanitises the editor's HTML before it is stored; an empty result is refused. */
export const sanitizeRichText = (html: string, label = 'o texto'): string => {
  const clean = sanitizeHtml(html, options).trim();
  const visible = sanitizeHtml(clean, { allowedTags: [], allowedAttributes: {} }).replace(/&nbsp;|\s/g, '');
  if (!visible) throw badRequest(`Informe ${label}.`);
  return clean;
};

/** Bracketed words that are not tags of the catalogue (kept as they are, shown to the editor). */
export const unknownTags = (text: string): string[] => {
  const known = new Set(tagsInTemplate(text));
  const out = new Set<string>();
  for (const m of text.matchAll(TAG_PATTERN)) if (!known.has(m[1] as string)) out.add(m[1] as string);
  return [...out];
};

export type TagView = { Tags: string[]; UnknownTags: string[]; PreviewHtml: string };

/** Tags used, unknown bracketed words and the preview rendered with the tag engine. */
export const tagView = (text: string, context: TagContext): TagView => ({
  Tags: tagsInTemplate(text),
  UnknownTags: unknownTags(text),
  PreviewHtml: renderTags(text, context).html,
});
