import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../i18n';
import { STORAGE_KEYS, THEME_DEFAULTS, type ContentWidth, type Skin, type ThemeMode } from './constants';

export interface SettingsState {
  theme: ThemeMode;
  skin: Skin;
  contentWidth: ContentWidth;
  /** The writing direction follows it (directionOf): no setting of its own. */
  language: Language;
  /** Desktop drawer reduced to its mini width. */
  navCollapsed: boolean;
}

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Private mode or storage full: the setting simply is not kept.
  }
}

/** Settings as kept in local storage, each falling back to its default. */
export function loadSettings(): SettingsState {
  const theme = read(STORAGE_KEYS.theme);
  const skin = read(STORAGE_KEYS.skin);
  const contentWidth = read(STORAGE_KEYS.contentWidth);
  const language = read(STORAGE_KEYS.language);
  return {
    theme: theme === 'dark' || theme === 'light' ? theme : THEME_DEFAULTS.theme,
    skin: skin === 'bordered' || skin === 'default' ? skin : THEME_DEFAULTS.skin,
    contentWidth:
      contentWidth === 'full' || contentWidth === 'boxed' ? contentWidth : THEME_DEFAULTS.contentWidth,
    language: isLanguage(language) ? language : DEFAULT_LANGUAGE,
    navCollapsed: read(STORAGE_KEYS.navCollapsed) === 'true',
  };
}

/** Writes every setting to local storage. */
export function saveSettings(settings: SettingsState): void {
  write(STORAGE_KEYS.theme, settings.theme);
  write(STORAGE_KEYS.skin, settings.skin);
  write(STORAGE_KEYS.contentWidth, settings.contentWidth);
  write(STORAGE_KEYS.language, settings.language);
  write(STORAGE_KEYS.navCollapsed, String(settings.navCollapsed));
}

const settingsSlice = createSlice({
  name: 'settings',
  initialState: loadSettings,
  reducers: {
    setTheme(state, action: PayloadAction<ThemeMode>) {
      state.theme = action.payload;
    },
    toggleTheme(state) {
      state.theme = state.theme === 'dark' ? 'light' : 'dark';
    },
    setSkin(state, action: PayloadAction<Skin>) {
      state.skin = action.payload;
    },
    setContentWidth(state, action: PayloadAction<ContentWidth>) {
      state.contentWidth = action.payload;
    },
    setLanguage(state, action: PayloadAction<Language>) {
      state.language = action.payload;
    },
    toggleNavCollapsed(state) {
      state.navCollapsed = !state.navCollapsed;
    },
  },
});

export const {
  setTheme,
  toggleTheme,
  setSkin,
  setContentWidth,
  setLanguage,
  toggleNavCollapsed,
} = settingsSlice.actions;
export const settingsReducer = settingsSlice.reducer;
