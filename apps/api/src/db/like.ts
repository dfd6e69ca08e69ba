const literal = (text: string) => text.replace(/[%_\\]/g, '\\$&');

/** `%text%` for ILIKE with the user's `%`, `_` and `\` taken literally (every search box). */
export const likeContains = (text: string) => `%${literal(text)}%`;

/** `text%`: the same, anchored at the start (document prefixes: an index can serve it). */
export const likePrefix = (text: string) => `${literal(text)}%`;
