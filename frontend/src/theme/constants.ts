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

export type ThemeMode = 'light' | 'dark';
export type Skin = 'bordered' | 'default';
export type ContentWidth = 'full' | 'boxed';
export type Direction = 'ltr' | 'rtl';
export type RouteTransition = 'scroll-x-transition';

/** Defaults of the theme configuration (specification, section 9). */
export const THEME_DEFAULTS = {
  theme: 'light' as ThemeMode,
  layout: 'vertical' as const,
  skin: 'bordered' as Skin,
  contentWidth: 'full' as ContentWidth,
  routeTransition: 'scroll-x-transition' as RouteTransition,
  menuAccordion: true,
  direction: 'ltr' as Direction,
};

/** Local storage keys. */
export const STORAGE_KEYS = {
  theme: 'colivra-theme',
  skin: 'colivra-skin',
  contentWidth: 'colivra-content-width',
  direction: 'colivra-direction',
  language: 'colivra-language',
  navCollapsed: 'colivra-nav-collapsed',
} as const;
