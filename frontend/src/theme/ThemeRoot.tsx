import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import useMediaQuery from '@mui/material/useMediaQuery';
import { ThemeProvider } from '@mui/material/styles';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { prefixer } from 'stylis';
import { directionOf, type Direction } from '../i18n';
import type { SettingsState } from './settingsSlice';
import { createAppTheme } from './createAppTheme';

// One emotion cache per direction. The right-to-left one flips margins, paddings and positions
// of every style (stylis-plugin-rtl); its plugin is a lazy chunk, fetched only when needed.
const ltrCache = createCache({ key: 'mui', stylisPlugins: [prefixer] });
let rtlCache: EmotionCache | null = null;

export async function loadRtlCache(): Promise<EmotionCache> {
  if (!rtlCache) {
    const { default: rtlPlugin } = await import(/* webpackChunkName: "rtl" */ 'stylis-plugin-rtl');
    rtlCache = createCache({ key: 'muirtl', stylisPlugins: [prefixer, rtlPlugin] });
  }
  return rtlCache;
}

function useEmotionCache(direction: Direction): EmotionCache | null {
  const [loaded, setLoaded] = useState<EmotionCache | null>(rtlCache);
  useEffect(() => {
    if (direction !== 'rtl' || loaded) return;
    let cancelled = false;
    loadRtlCache()
      .then((cache) => !cancelled && setLoaded(cache))
      .catch((error) => console.error('Right-to-left styles could not be loaded', error));
    return () => {
      cancelled = true;
    };
  }, [direction, loaded]);
  if (direction === 'ltr') return ltrCache;
  return loaded;
}

interface Props {
  children: ReactNode;
}

/** Applies the theme chosen in the settings: mode, skin, the language and its direction. */
export function ThemeRoot({ children }: Props) {
  const { theme: mode, skin, language } = useSelector((state: { settings: SettingsState }) => state.settings);
  const direction = directionOf(language);
  const cache = useEmotionCache(direction);
  // Until the right-to-left styles arrive, keep rendering left-to-right rather than nothing.
  const effectiveDirection: Direction = cache === null ? 'ltr' : direction;
  // The system's "reduce motion" setting: no sliding, fading or ripples.
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)', { noSsr: true });
  const theme = useMemo(
    () => createAppTheme(mode, skin, effectiveDirection, reducedMotion),
    [mode, skin, effectiveDirection, reducedMotion],
  );

  useEffect(() => {
    const root = document.documentElement;
    root.dir = effectiveDirection;
    root.lang = language;
    root.dataset.theme = mode;
    root.style.colorScheme = mode;
  }, [effectiveDirection, language, mode]);

  return (
    <CacheProvider value={cache ?? ltrCache}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </CacheProvider>
  );
}
