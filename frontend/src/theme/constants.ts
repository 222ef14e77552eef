// Business constants of the interface (specification, section 9).
export const DRAWER_WIDTH = 260;
export const DRAWER_MINI_WIDTH = 68;
export const BOXED_CONTENT_MAX_WIDTH = 1440;
/** At and above this width the menu is a permanent drawer; below it, a temporary one. */
export const DESKTOP_BREAKPOINT = 1264;
export const SEARCH_MAX_RESULTS_PER_TYPE = 5;
export const SEARCH_FOCUS_DELAY_MS = 150;

export const COLORS = {
  primary: '#15B9E1',
  accent: '#0d6efd',
  secondary: '#8A8D93',
  success: '#56CA00',
  info: '#16B1FF',
  warning: '#FFB400',
  error: '#FF4C51',
} as const;

/**
 * Text on the warning yellow (filled chips, contained buttons): the yellow is too light for white
 * text (1.8:1); this dark grey gives 6.7:1.
 */
export const WARNING_CONTRAST_TEXT = '#3A3541';
/** Warning-coloured text on white or the light background (outlined chips and buttons): 5.4:1 at least. */
export const WARNING_TEXT_LIGHT = '#8A5A00';

type PaletteColor = keyof typeof COLORS;

/**
 * The colours the interface paints with, by mode (WCAG 2.1 AA: 4.5:1 for text). The brand colours
 * above are too light for white text and for text on the light surfaces (the cyan gives 2.3:1 on
 * white): the light mode uses darker shades of the same hues, readable as text on white, on the
 * light background and on their own 12 % tint (a selected toggle, a soft chip), and under white
 * text (filled chips, contained buttons). The dark mode keeps the brand colours (lightened where
 * they were too dark for its surfaces) and writes on them in a dark ink, DARK_MODE_CONTRAST_TEXT.
 * theme/contrast.test.tsx checks every pair.
 */
export const MODE_COLORS: Record<ThemeMode, Record<PaletteColor, string>> = {
  light: {
    primary: '#0D738C',
    secondary: '#686A70',
    accent: '#0B5ED7',
    success: '#337800',
    info: '#006FA7',
    // Filled with dark text (WARNING_CONTRAST_TEXT); as text, WARNING_TEXT_LIGHT.
    warning: COLORS.warning,
    error: '#C62828',
  },
  dark: {
    primary: COLORS.primary,
    secondary: '#AAACB0',
    accent: '#76ADFE',
    success: COLORS.success,
    info: '#33BBFF',
    warning: COLORS.warning,
    error: '#FF888B',
  },
};

/** Text on the coloured fills of the dark mode (its colours are light): 6:1 at least on each. */
export const DARK_MODE_CONTRAST_TEXT = '#1E1B2E';

export type ThemeMode = 'light' | 'dark';
export type Skin = 'bordered' | 'default';
export type ContentWidth = 'full' | 'boxed';
/** The language's writing direction (i18n/languages.ts): no setting of its own. */
export type { Direction } from '../i18n/languages';
export type RouteTransition = 'scroll-x-transition';

/** Defaults of the theme configuration (specification, section 9). */
export const THEME_DEFAULTS = {
  theme: 'light' as ThemeMode,
  layout: 'vertical' as const,
  skin: 'bordered' as Skin,
  contentWidth: 'full' as ContentWidth,
  routeTransition: 'scroll-x-transition' as RouteTransition,
  menuAccordion: true,
};

/** Local storage keys. */
export const STORAGE_KEYS = {
  theme: 'colivra-theme',
  skin: 'colivra-skin',
  contentWidth: 'colivra-content-width',
  language: 'colivra-language',
  navCollapsed: 'colivra-nav-collapsed',
} as const;
