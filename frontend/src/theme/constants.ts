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
