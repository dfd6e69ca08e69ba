import { escapeHtml } from '../shared/text.js';
import { type TagContext, tagDefinitionsByName } from './tag-catalogue.js';

export const TAG_PATTERN = /\[([A-Z0-9_]+)\]/g;

export type RenderedTags = {
  /** Values inserted as they are; unfilled tags stay as `[NAME]`. */
  text: string;
  /** Values HTML-escaped; unfilled tags become the label in red. The template itself is kept as is. */
  html: string;
  /** Names of known tags that had no value. */
  missing: string[];
};

/**
 * Red of unfilled tags. The theme's danger (#EA5455) has 3.6:1 contrast on white, below WCAG AA
 * (4.5:1) for text; this darker red keeps the meaning and reads at 6.6:1.
 */
export const MISSING_TAG_COLOR = '#B3261E';

export const missingTagHtml = (label: string): string =>
  `<span class="tag-missing" style="color:${MISSING_TAG_COLOR}">${escapeHtml(label)}</span>`;

/**
 * Renders contractual-term text: each known bracketed tag is replaced by its value from the
 * context. Unknown bracketed words are left untouched. Multi-line values (object lists) become
 * `<br>` in HTML.
 */
export const renderTags = (
  template: string,
  context: TagContext,
  /** Values known as text (e.g. the insurer's own, from GetCompanyProposalTags): they win over the context. */
  known: Readonly<Record<string, string | null | undefined>> = {},
): RenderedTags => {
  const missing = new Set<string>();
  const values = new Map<string, string | undefined>();
  const resolveValue = (name: string) => {
    if (!values.has(name)) values.set(name, known[name] ?? tagDefinitionsByName.get(name)?.resolve(context));
    return values.get(name);
  };
  const text = template.replace(TAG_PATTERN, (whole, name: string) => {
    if (!tagDefinitionsByName.has(name)) return whole;
    const value = resolveValue(name);
    if (value === undefined) missing.add(name);
    return value ?? whole;
  });
  const html = template.replace(TAG_PATTERN, (whole, name: string) => {
    const def = tagDefinitionsByName.get(name);
    if (!def) return whole;
    const value = resolveValue(name);
    return value === undefined ? missingTagHtml(def.label) : escapeHtml(value).replace(/\n/g, '<br>');
  });
  return { text, html, missing: [...missing] };
};

/** The names of the known tags a template uses, in order of first use. */
export const tagsInTemplate = (template: string): string[] => {
  const names = new Set<string>();
  for (const m of template.matchAll(TAG_PATTERN))
    if (tagDefinitionsByName.has(m[1] as string)) names.add(m[1] as string);
  return [...names];
};

export type CompanyTag = { Name: string; Value: string | number | null | undefined };

/**
 * Replaces company tags (terms of use and similar texts): every `[Name]` becomes its Value.
 * Names may be given with or without brackets. Values are HTML-escaped unless `escape` is false.
 * Tags with no value are left as they are.
 */
export const replaceCompanyTags = (
  text: string,
  tags: readonly CompanyTag[],
  options: { escape?: boolean } = {},
): string => {
  const shouldEscape = options.escape ?? true;
  const map = new Map<string, string>();
  for (const { Name, Value } of tags) {
    if (Value === null || Value === undefined) continue;
    const name = Name.replace(/^\[|\]$/g, '');
    map.set(name, shouldEscape ? escapeHtml(String(Value)) : String(Value));
  }
  return text.replace(/\[([^[\]]+)\]/g, (whole, name: string) => map.get(name) ?? whole);
};
