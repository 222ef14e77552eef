import { alpha, createTheme, lighten, type Theme } from '@mui/material/styles';
import {
  DARK_MODE_CONTRAST_TEXT,
  DESKTOP_BREAKPOINT,
  MODE_COLORS,
  WARNING_CONTRAST_TEXT,
  WARNING_TEXT_LIGHT,
  type Direction,
  type Skin,
  type ThemeMode,
} from './constants';

declare module '@mui/material/styles' {
  interface Palette {
    accent: Palette['primary'];
  }
  interface PaletteOptions {
    accent?: PaletteOptions['primary'];
  }
  interface Theme {
    skin: Skin;
  }
  interface ThemeOptions {
    skin?: Skin;
  }
}

const FONT_STACK = [
  'Inter',
  '-apple-system',
  'BlinkMacSystemFont',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  'sans-serif',
].join(',');

/** Every MUI transition's duration when the reader asked the system to reduce motion. */
const NO_MOTION = {
  shortest: 0,
  shorter: 0,
  short: 0,
  standard: 0,
  complex: 0,
  enteringScreen: 0,
  leavingScreen: 0,
};

/**
 * The active menu entry's fill, from a lighter shade of the primary colour to the colour itself:
 * its contrast text stays readable at both ends (theme/contrast.test.tsx).
 */
export function activeMenuGradient(primary: string, dark: boolean): string {
  return `linear-gradient(72deg, ${dark ? alpha(primary, 0.85) : lighten(primary, 0.08)} 0%, ${primary} 100%)`;
}

/** The app's MUI theme for a mode, skin and direction; without motion when `reducedMotion`. */
export function createAppTheme(
  mode: ThemeMode,
  skin: Skin,
  direction: Direction,
  reducedMotion = false,
): Theme {
  const dark = mode === 'dark';
  // Dark mode uses the purple-toned surfaces of the original styles.
  const background = dark
    ? { default: '#28243D', paper: '#312D4B' }
    : { default: '#F4F5FA', paper: '#FFFFFF' };
  const textBase = dark ? '231, 227, 252' : '58, 53, 65';
  const divider = `rgba(${textBase}, 0.12)`;
  const bordered = skin === 'bordered';
  // The yellow as text is unreadable on the light surfaces: a darker amber there (dark mode keeps
  // the yellow, readable on its dark surfaces).
  const colors = MODE_COLORS[mode];
  const warningText = dark ? colors.warning : WARNING_TEXT_LIGHT;
  // White on the light mode's dark shades, dark ink on the dark mode's light colours.
  const onColor = dark ? DARK_MODE_CONTRAST_TEXT : '#FFFFFF';

  return createTheme({
    direction,
    skin,
    breakpoints: {
      // md/lg follow the desktop breakpoint of the specification (1264px).
      values: { xs: 0, sm: 600, md: 960, lg: DESKTOP_BREAKPOINT, xl: 1904 },
    },
    palette: {
      mode,
      primary: { main: colors.primary, contrastText: onColor },
      secondary: { main: colors.secondary, contrastText: onColor },
      accent: { main: colors.accent, contrastText: onColor },
      success: { main: colors.success, contrastText: onColor },
      info: { main: colors.info, contrastText: onColor },
      warning: { main: colors.warning, contrastText: WARNING_CONTRAST_TEXT },
      error: { main: colors.error, contrastText: onColor },
      background,
      divider,
      text: {
        primary: `rgba(${textBase}, 0.87)`,
        // 4.5:1 at least on the paper and the background of both modes (0.68 gave 4.3:1 in light).
        secondary: `rgba(${textBase}, 0.72)`,
        disabled: `rgba(${textBase}, 0.38)`,
      },
    },
    typography: {
      fontFamily: FONT_STACK,
      fontSize: 14,
      button: { textTransform: 'none', fontWeight: 600 },
      h4: { fontWeight: 600 },
      h5: { fontWeight: 600 },
      h6: { fontWeight: 600 },
    },
    shape: { borderRadius: 6 },
    // The menus, popovers and the side menu's sections time their motion by their height
    // ("auto"), not by these durations: none either.
    ...(reducedMotion ? { transitions: { duration: NO_MOTION, getAutoHeightDuration: () => 0 } } : {}),
    components: {
      MuiButtonBase: {
        defaultProps: { disableRipple: reducedMotion },
        styleOverrides: {
          // A visible ring on what the keyboard focuses (buttons, menu entries, switches, tabs…),
          // with or without the ripple: 3:1 at least against the surfaces of both modes.
          root: ({ theme }) => ({
            '&.Mui-focusVisible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
          }),
        },
      },
      MuiCssBaseline: {
        styleOverrides: {
          body: { fontFamily: FONT_STACK },
          // What points along the reading direction (components/directional: arrows, chevrons,
          // the dashboard's chart) is mirrored in a right-to-left page.
          '[dir=rtl] [data-mirror]': { transform: 'scaleX(-1)' },
        },
      },
      MuiPaper: {
        styleOverrides: {
          root: { backgroundImage: 'none' },
        },
      },
      MuiCard: {
        defaultProps: bordered ? { elevation: 0, variant: 'outlined' } : { elevation: 2 },
        styleOverrides: {
          root: bordered ? { borderColor: divider } : {},
        },
      },
      MuiCardHeader: {
        // A card's title is a section of its screen (under the screen's h1), not a styled span.
        defaultProps: { slotProps: { title: { role: 'heading', 'aria-level': 2 } } },
      },
      MuiAppBar: {
        defaultProps: { elevation: 0, color: 'inherit' },
      },
      MuiButton: {
        defaultProps: { disableElevation: bordered },
        styleOverrides: {
          root: {
            variants: [
              { props: { variant: 'outlined', color: 'warning' }, style: { color: warningText, borderColor: alpha(warningText, 0.5) } },
              { props: { variant: 'text', color: 'warning' }, style: { color: warningText } },
            ],
          },
        },
      },
      MuiChip: {
        styleOverrides: {
          root: {
            variants: [{ props: { variant: 'outlined', color: 'warning' }, style: { color: warningText, borderColor: alpha(warningText, 0.7) } }],
          },
        },
      },
      MuiListItemButton: {
        styleOverrides: {
          root: ({ theme }) => ({
            borderRadius: theme.shape.borderRadius,
            '&.active': {
              color: theme.palette.primary.contrastText,
              background: activeMenuGradient(theme.palette.primary.main, dark),
              '& .MuiListItemIcon-root': { color: 'inherit' },
            },
          }),
        },
      },
    },
  });
}
