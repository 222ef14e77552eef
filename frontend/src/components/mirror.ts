// What points along the reading direction (an arrow forward or back, a chevron to the next or to
// open, send, undo, sign out, the dashboard's chart over time) is drawn left to right, and MUI does
// not flip its icons. Spread MIRROR_IN_RTL on it: the one rule of the theme (createAppTheme,
// `[dir=rtl] [data-mirror]`) mirrors it in a right-to-left page. mirror.test.tsx checks that every
// directional icon of @mui/icons-material the app uses carries it.

/** Spread on an icon or an element (`<ArrowForward {...MIRROR_IN_RTL} />`): mirrored right to left. */
export const MIRROR_IN_RTL = { 'data-mirror': '' } as const;
