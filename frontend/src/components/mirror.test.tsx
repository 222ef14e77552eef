import ArrowForward from '@mui/icons-material/ArrowForward';
import fs from 'node:fs';
import path from 'node:path';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeStore } from '../core/store';
import { DailyChart } from '../features/dashboard/DashboardStats';
import { setLanguage } from '../theme/settingsSlice';
import { renderWithProviders } from '../test/render';
import { MIRROR_IN_RTL } from './mirror';

/** The MUI icons that point along the reading direction (any variant: Outlined, Rounded…). */
const DIRECTIONAL =
  /^(ArrowBack|ArrowBackIos|ArrowBackIosNew|ArrowForward|ArrowForwardIos|ArrowLeft|ArrowRight|ArrowRightAlt|ChevronLeft|ChevronRight|KeyboardArrowLeft|KeyboardArrowRight|KeyboardBackspace|KeyboardTab|NavigateBefore|NavigateNext|FirstPage|LastPage|East|West|Send|Undo|Redo|Reply|ReplyAll|Forward|Login|Logout|ExitToApp|TrendingFlat|OpenInBrowser)(Outlined|Rounded|Sharp|TwoTone)?$/;

const SRC = path.resolve(__dirname, '..');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The styles emotion wrote (the theme's global ones among them). */
function css(): string {
  return [...document.querySelectorAll('style[data-emotion]')].map((style) => style.textContent).join('\n');
}

/** The one rule that mirrors what is marked, under html dir="rtl". */
const MIRROR_RULE = /\[dir=rtl\] \[data-mirror\]\{[^}]*transform:scaleX\(-1\)/;

function arabicStore() {
  const store = makeStore();
  store.dispatch(setLanguage('ar'));
  return store;
}

describe('directional icons', () => {
  it('are each marked to be mirrored wherever the app draws one', () => {
    const unmarked = sources(SRC).flatMap((file) => {
      const source = fs.readFileSync(file, 'utf8');
      return [...source.matchAll(/^import (\w+) from '@mui\/icons-material\/(\w+)';$/gm)]
        .filter((match) => DIRECTIONAL.test(match[2]))
        .flatMap(([line, name]) => {
          // Every use of the icon is a JSX tag spreading MIRROR_IN_RTL (never passed around unmarked).
          const count = (text: string) => [...text.matchAll(new RegExp(`\\b${name}\\b`, 'g'))].length;
          const uses = count(source) - count(line);
          const marked = [...source.matchAll(new RegExp(`<${name} \\{\\.\\.\\.MIRROR_IN_RTL\\}`, 'g'))].length;
          return uses === marked && uses > 0 ? [] : [`${path.relative(SRC, file)}: ${name} (${marked} of ${uses} marked)`];
        });
    });
    expect(unmarked).toEqual([]);
  });

  it('mirror a marked arrow in Arabic, keeping what the caller gave it', async () => {
    renderWithProviders(<ArrowForward {...MIRROR_IN_RTL} data-testid="arrow" fontSize="small" />, { store: arabicStore() });
    const arrow = screen.getByTestId('arrow');
    expect(arrow).toHaveAttribute('data-mirror');
    expect(arrow).toHaveClass('MuiSvgIcon-fontSizeSmall');
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    expect(css()).toMatch(MIRROR_RULE);
  });

  it('mirror the dashboard chart as a whole in Arabic: its first day on the right', async () => {
    const daily = [
      { date: '2026-11-02', created: 3, delivered: 1 },
      { date: '2026-11-03', created: 1, delivered: 2 },
    ];
    renderWithProviders(<DailyChart daily={daily} />, { store: arabicStore() });
    expect(screen.getByTestId('stats-chart')).toHaveAttribute('data-mirror');
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    expect(css()).toMatch(MIRROR_RULE);
  });
});
