import { type CSSVariablesResolver, MantineProvider, type MantineThemeOverride } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * Dimmed text (input descriptions, divider labels, …) one shade darker than Mantine's default so
 * it reaches the 4.5:1 contrast WCAG AA asks for on white.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  // Mantine's default error red and dimmed grey have ~3.3:1 contrast on white (below WCAG AA):
  // darker shades for the whole portal.
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {},
});

/**
 * Mantine (branded theme). TanStack Query mounts with the routes that use it (query-client.tsx),
 * modals lazily at the root (ModalsHost), notifications with the layouts and pt-BR dates with the
 * date fields, so the login route stays small (bench/bundle-size.mjs).
 */
export const AppProviders = ({ theme, children }: { theme: MantineThemeOverride; children: ReactNode }) => (
  <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
    {children}
  </MantineProvider>
);
