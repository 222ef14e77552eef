import { alpha, createTheme, type Theme } from '@mui/material/styles';
import { COLORS, DESKTOP_BREAKPOINT, WARNING_CONTRAST_TEXT, WARNING_TEXT_LIGHT, type Direction, type Skin, type ThemeMode } from './constants';

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
  const warningText = dark ? COLORS.warning : WARNING_TEXT_LIGHT;

  return createTheme({
    direction,
    skin,
    breakpoints: {
      // md/lg follow the desktop breakpoint of the specification (1264px).
      values: { xs: 0, sm: 600, md: 960, lg: DESKTOP_BREAKPOINT, xl: 1904 },
    },
    palette: {
      mode,
      primary: { main: COLORS.primary, contrastText: '#FFFFFF' },
      secondary: { main: COLORS.secondary, contrastText: '#FFFFFF' },
      accent: { main: COLORS.accent, contrastText: '#FFFFFF' },
      success: { main: COLORS.success, contrastText: '#FFFFFF' },
      info: { main: COLORS.info, contrastText: '#FFFFFF' },
      warning: { main: COLORS.warning, contrastText: WARNING_CONTRAST_TEXT },
      error: { main: COLORS.error, contrastText: '#FFFFFF' },
      background,
      divider,
      text: {
        primary: `rgba(${textBase}, 0.87)`,
        secondary: `rgba(${textBase}, 0.68)`,
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
    ...(reducedMotion ? { transitions: { duration: NO_MOTION } } : {}),
    components: {
      MuiButtonBase: {
        defaultProps: { disableRipple: reducedMotion },
      },
      MuiCssBaseline: {
        styleOverrides: {
          body: { fontFamily: FONT_STACK },
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
              background: `linear-gradient(72deg, ${alpha(COLORS.primary, 0.7)} 0%, ${COLORS.primary} 100%)`,
              '& .MuiListItemIcon-root': { color: 'inherit' },
            },
          }),
        },
      },
    },
  });
}
