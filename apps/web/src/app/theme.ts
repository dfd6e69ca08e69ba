import { themeDefaults } from '@aval/contracts';
import { colorsTuple, createTheme, type MantineThemeOverride, Tooltip } from '@mantine/core';
import { defaultLayout, type LayoutSettings } from './config/portal-config.js';

const fontStack = (font: string) =>
  `${font.includes(' ') ? `'${font}'` : font}, Montserrat, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif`;

/** Mantine theme branded from the configuration's layout, spec §9 defaults for anything missing. */
export const buildTheme = (layout: LayoutSettings = defaultLayout): MantineThemeOverride =>
  createTheme({
    fontFamily: fontStack(layout.font),
    headings: { fontFamily: fontStack(layout.font) },
    primaryColor: 'brand',
    primaryShade: 6,
    autoContrast: true,
    luminanceThreshold: 0.45,
    colors: {
      brand: colorsTuple(layout.primaryColor),
      success: colorsTuple(layout.successColor),
      danger: colorsTuple(layout.dangerColor),
      warning: colorsTuple(layout.warningColor),
      line: colorsTuple(layout.lineColor),
    },
    breakpoints: {
      xs: '30em',
      sm: `${themeDefaults.breakpoints.sm / 16}em`,
      md: `${themeDefaults.breakpoints.md / 16}em`,
      lg: `${themeDefaults.breakpoints.lg / 16}em`,
      xl: `${themeDefaults.breakpoints.xl / 16}em`,
    },
    defaultRadius: 'md',
    components: {
      Tooltip: Tooltip.extend({ defaultProps: { position: 'top', offset: 4, withArrow: true } }),
    },
    other: { lineColor: layout.lineColor },
  });
