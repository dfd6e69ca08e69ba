/** `%text%` for ILIKE with the user's `%`, `_` and `\` taken literally (every search box). */
export const likeContains = (text: string) => `%${text.replace(/[%_\\]/g, '\\$&')}%`;
