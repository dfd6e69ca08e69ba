/** Theme defaults of spec §9. */
export const themeDefaults = {
  colors: {
    primary: '#0e65a5',
    success: '#28C76F',
    danger: '#EA5455',
    warning: '#FF9F43',
    line: '#ff9f43',
  },
  fontFamily: 'Montserrat',
  breakpoints: { sm: 576, md: 768, lg: 992, xl: 1200 },
} as const;

export type ThemeDefaults = typeof themeDefaults;
