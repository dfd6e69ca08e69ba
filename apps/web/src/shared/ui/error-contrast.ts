import type { CSSProperties } from 'react';

/**
 * Mantine's default error colour (red 6, #fa5252) and dimmed text (gray 6, #868e96) have about
 * 3.3:1 contrast on white, below WCAG AA. Spread on a form's container to use red 9 (#c92a2a,
 * 5.5:1) for field errors and gray 7 (#495057, 8:1) for descriptions until the theme sets them
 * for the whole portal.
 */
export const errorContrastStyle = {
  '--mantine-color-error': 'var(--mantine-color-red-9)',
  '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
} as CSSProperties;
