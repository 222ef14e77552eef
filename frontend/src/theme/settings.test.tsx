import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeStore } from '../core/store';
import { ThemeToggle } from '../layouts/DisplayControls';
import { renderWithProviders } from '../test/render';
import { STORAGE_KEYS, THEME_DEFAULTS } from './constants';
import { loadSettings, setContentWidth, setLanguage, setSkin } from './settingsSlice';

describe('theme settings', () => {
  it('defaults to the specification values', () => {
    expect(loadSettings()).toMatchObject({ theme: 'light', skin: 'bordered', contentWidth: 'full', language: 'fr' });
    // The direction follows the language: no setting of its own.
    expect(loadSettings()).not.toHaveProperty('direction');
    expect(THEME_DEFAULTS).toMatchObject({ layout: 'vertical', routeTransition: 'scroll-x-transition', menuAccordion: true });
  });

  it('keeps the dark theme in local storage across a reload (a new store)', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ThemeToggle />);
    expect(document.documentElement.dataset.theme).toBe('light');
    await user.click(screen.getByTestId('theme-toggle'));
    expect(window.localStorage.getItem(STORAGE_KEYS.theme)).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');

    const reloaded = makeStore();
    expect(reloaded.getState().settings.theme).toBe('dark');
  });

  it('keeps the skin and content width', () => {
    const store = makeStore();
    act(() => {
      store.dispatch(setSkin('default'));
      store.dispatch(setContentWidth('boxed'));
    });
    expect(window.localStorage.getItem(STORAGE_KEYS.skin)).toBe('default');
    expect(makeStore().getState().settings).toMatchObject({ skin: 'default', contentWidth: 'boxed' });
  });

  it('ignores garbage in local storage', () => {
    window.localStorage.setItem(STORAGE_KEYS.theme, 'purple');
    window.localStorage.setItem(STORAGE_KEYS.skin, 'x');
    window.localStorage.setItem(STORAGE_KEYS.language, 'de');
    expect(loadSettings()).toMatchObject({ theme: 'light', skin: 'bordered', language: 'fr' });
  });

  it('keeps Arabic, and the page reads right to left', () => {
    const store = makeStore();
    renderWithProviders(<ThemeToggle />, { store });
    act(() => {
      store.dispatch(setLanguage('ar'));
    });
    expect(window.localStorage.getItem(STORAGE_KEYS.language)).toBe('ar');
    expect(makeStore().getState().settings.language).toBe('ar');
    expect(document.documentElement.lang).toBe('ar');
  });
});
