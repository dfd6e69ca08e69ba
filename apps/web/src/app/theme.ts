import { themeDefaults } from '@aval/contracts';
import {
  type AlertProps,
  createTheme,
  type MantineColorsTuple,
  type MantineThemeOverride,
  type TableScrollContainerProps,
} from '@mantine/core';
import { defaultLayout, type LayoutSettings } from './config/portal-config.js';

const parseHex = (hex: string): [number, number, number] | undefined => {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return undefined;
  const h =
    (m[1] as string).length === 3 ? [...(m[1] as string)].map((c) => c + c).join('') : (m[1] as string);
  return [0, 2, 4].map((i) => Number.parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
};

const toHex = (rgb: number[]) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
const mix = (rgb: number[], target: number, amount: number) => rgb.map((c) => c + (target - c) * amount);

/** Ten shades around the configured colour (index 6 is the colour itself). */
export const paletteOf = (color: string, fallback: string): MantineColorsTuple => {
  const rgb = parseHex(color) ?? parseHex(fallback) ?? [14, 101, 165];
  const tints = [0.92, 0.8, 0.64, 0.46, 0.3, 0.14].map((a) => toHex(mix(rgb, 255, a)));
  const shades = [0.14, 0.28, 0.42].map((a) => toHex(mix(rgb, 0, a)));
  return [...tints, toHex(rgb), ...shades] as unknown as MantineColorsTuple;
};

const fontStack = (font: string) =>
  `${font.includes(' ') ? `'${font}'` : font}, Montserrat, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif`;

/** Mantine theme branded from the configuration's layout, spec §9 defaults for anything missing. */
export const buildTheme = (layout: LayoutSettings = defaultLayout): MantineThemeOverride =>
  createTheme({
    fontFamily: fontStack(layout.font),
    headings: { fontFamily: fontStack(layout.font) },
    primaryColor: 'brand',
    primaryShade: 6,
    // Mantine's own transitions (modals, menus) skip for users who ask for less motion.
    respectReducedMotion: true,
    autoContrast: true,
    luminanceThreshold: 0.45,
    colors: {
      brand: paletteOf(layout.primaryColor, defaultLayout.primaryColor),
      success: paletteOf(layout.successColor, defaultLayout.successColor),
      danger: paletteOf(layout.dangerColor, defaultLayout.dangerColor),
      warning: paletteOf(layout.warningColor, defaultLayout.warningColor),
      line: paletteOf(layout.lineColor, defaultLayout.lineColor),
    },
    breakpoints: {
      xs: '30em',
      sm: `${themeDefaults.breakpoints.sm / 16}em`,
      md: `${themeDefaults.breakpoints.md / 16}em`,
      lg: `${themeDefaults.breakpoints.lg / 16}em`,
      xl: `${themeDefaults.breakpoints.xl / 16}em`,
    },
    defaultRadius: 'md',
    // Plain objects, not `Component.extend(...)`: importing a component to extend it would ship it
    // (the table's scroll area brings floating-ui) in the entry chunk of every route, sign-in included.
    components: {
      // Links inside text must not rely on colour alone (WCAG 1.4.1).
      Anchor: { defaultProps: { underline: 'always' } },
      // A light alert's title and icon in the darkest shade of its colour: the default light shade
      // on the light background stays under the 4.5:1 contrast of WCAG 1.4.3 (green, red, yellow).
      Alert: {
        vars: (_theme: unknown, props: AlertProps) => ({
          root: {
            '--alert-color':
              (props.variant ?? 'light') === 'light'
                ? `var(--mantine-color-${props.color ?? 'brand'}-9)`
                : undefined,
          },
        }),
      },
      // A table wider than its box scrolls sideways: keyboard users reach it with Tab and scroll it
      // with the arrows (WCAG 2.1.1), also when its rows hold no button or link.
      TableScrollContainer: {
        defaultProps: { type: 'native', tabIndex: 0 } satisfies Partial<TableScrollContainerProps>,
      },
    },
    other: { lineColor: layout.lineColor },
  });
