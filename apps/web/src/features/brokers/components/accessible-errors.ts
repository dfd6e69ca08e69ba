import type { CSSProperties } from 'react';

/**
 * Mantine's default error red (#fa5252, 3.3:1 on white) and dimmed grey (#868e96, 3.3:1) fail
 * WCAG AA; forms of this feature use red.9 (≈5.6:1) for errors and gray.7 for field descriptions.
 */
export const accessibleErrors = {
  '--mantine-color-error': 'var(--mantine-color-red-9)',
  '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
} as CSSProperties;
