import { limits } from '../catalogues/limits.js';

export const TEXT_MAX_LENGTH = limits.textMaxLength;

/** Cuts text inputs to the spec's 50 characters (spec §5/§9). */
export const truncateText = (value: string, max: number = TEXT_MAX_LENGTH): string =>
  value.length > max ? value.slice(0, max) : value;
