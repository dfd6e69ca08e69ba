import { renderTags, TAG_PATTERN, type TagContext, tagsInTemplate } from '@aval/domain';
import sanitizeHtml from 'sanitize-html';
import { badRequest } from '../../lib/errors.js';

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

/**
 * Sample data of the editor's preview: a proposal of a fictitious policy holder and insured. The
 * complementary, endorsement and policy-number tags stay unfilled (their labels show in red).
 */
export const sampleTagContext = (insurerName: string, modality?: string | null): TagContext => ({
  startDate: '2026-01-01',
  endDate: '2026-12-31',
  insuredAmount: '150000.00',
  deadlineDays: 364,
  modality: modality ?? null,
  policyHolder: {
    name: 'Construtora Exemplo Ltda.',
    document: '11222333000181',
    address: {
      street: 'Avenida Paulista',
      number: '1000',
      district: 'Bela Vista',
      city: 'São Paulo',
      state: 'SP',
      zipCode: '01310100',
    },
  },
  insured: {
    name: 'Prefeitura Municipal de Exemplo',
    document: '46395000000139',
    address: {
      street: 'Praça da Sé',
      number: '1',
      district: 'Centro',
      city: 'São Paulo',
      state: 'SP',
      zipCode: '01001000',
    },
  },
  insurer: { name: insurerName },
});

export type TagView = { Tags: string[]; UnknownTags: string[]; PreviewHtml: string };

/** Tags used, unknown bracketed words and the preview rendered with the tag engine. */
export const tagView = (text: string, context: TagContext): TagView => ({
  Tags: tagsInTemplate(text),
  UnknownTags: unknownTags(text),
  PreviewHtml: renderTags(text, context).html,
});
