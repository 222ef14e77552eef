// @vitest-environment jsdom
// Reads colours through getComputedStyle, which happy-dom does not resolve from MUI's sheets.
import Button from '@mui/material/Button';
import { alpha, getContrastRatio } from '@mui/material/styles';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { InvoiceStatusChip } from '../features/invoices/InvoiceStatusChip';
import { ParcelPayoutChip } from '../components/parcel/ParcelPayoutChip';
import { ParcelStatusChip } from '../components/parcel/ParcelStatusChip';
import { ActiveChip } from '../components/StatusChip';
import { makeStore } from '../core/store';
import { VoucherStatusChip } from '../features/vouchers/VoucherStatusChip';
import { renderWithProviders } from '../test/render';
import { activeMenuGradient, createAppTheme } from './createAppTheme';
import { setTheme } from './settingsSlice';

/** "rgb(138, 90, 0)" → "#8a5a00". */
function hex(rgb: string): string {
  const parts = rgb.match(/\d+/g)!.slice(0, 3).map(Number);
  return `#${parts.map((part) => part.toString(16).padStart(2, '0')).join('')}`;
}

describe('warning colours', () => {
  it('puts readable text on the warning yellow, in both modes (4.5:1 at least)', () => {
    for (const mode of ['light', 'dark'] as const) {
      const { warning } = createAppTheme(mode, 'bordered', 'ltr').palette;
      expect(getContrastRatio(warning.main, warning.contrastText), mode).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('writes the outlined warning statuses (a new voucher, a draft invoice, cash with the delivery person) in a dark amber on white, and dark text on the filled ones', () => {
    renderWithProviders(
      <>
        <VoucherStatusChip voucher={{ status: 'new', status_label: 'Nouveau' }} />
        <InvoiceStatusChip invoice={{ status: 'draft', status_label: 'Brouillon' }} />
        <ParcelStatusChip status="postponed" label="Reporté" />
        <ParcelPayoutChip state="awaiting_cash" />
      </>,
    );
    const paper = createAppTheme('light', 'bordered', 'ltr').palette.background;
    for (const chip of [screen.getByTestId('voucher-status'), screen.getByTestId('invoice-status'), screen.getByTestId('parcel-payout')]) {
      const text = hex(getComputedStyle(chip).color);
      expect(getContrastRatio(text, paper.paper), chip.textContent!).toBeGreaterThanOrEqual(4.5);
      expect(getContrastRatio(text, paper.default), chip.textContent!).toBeGreaterThanOrEqual(4.5);
    }
    const filled = screen.getByTestId('parcel-status');
    expect(getContrastRatio(hex(getComputedStyle(filled).color), hex(getComputedStyle(filled).backgroundColor))).toBeGreaterThanOrEqual(4.5);
  });
});

/** A colour ("#rrggbb" or "rgba(r, g, b, a)") painted over an opaque background, as "#rrggbb". */
function over(color: string, background: string): string {
  if (color.startsWith('#')) return color;
  const [r, g, b, a = 1] = color.match(/[\d.]+/g)!.map(Number);
  const base = [1, 3, 5].map((i) => parseInt(background.slice(i, i + 2), 16));
  return `#${[r, g, b].map((value, i) => Math.round(value * a + base[i] * (1 - a)).toString(16).padStart(2, '0')).join('')}`;
}

const MODES = ['light', 'dark'] as const;
const COLOURS = ['primary', 'secondary', 'accent', 'success', 'info', 'warning', 'error'] as const;

describe('colours of both modes (WCAG 2.1 AA)', () => {
  it('writes the contrast text of every colour readably on it (filled chips, contained buttons): 4.5:1', () => {
    for (const mode of MODES) {
      const palette = createAppTheme(mode, 'bordered', 'ltr').palette;
      for (const colour of COLOURS) {
        const { main, contrastText } = palette[colour];
        expect(getContrastRatio(main, contrastText), `${mode} ${colour}`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it('writes every colour as text readably on the paper and the background, and on its own 12 % tint over the paper (outlined chips, links, selected toggles and tabs): 4.5:1', () => {
    for (const mode of MODES) {
      const { palette } = createAppTheme(mode, 'bordered', 'ltr');
      for (const colour of COLOURS) {
        // The yellow is never text in the light mode: outlined and text warnings are in amber.
        if (colour === 'warning' && mode === 'light') continue;
        const text = palette[colour].main;
        for (const surface of [palette.background.paper, palette.background.default]) {
          expect(getContrastRatio(text, surface), `${mode} ${colour} on ${surface}`).toBeGreaterThanOrEqual(4.5);
        }
        const tint = over(alpha(text, 0.12), palette.background.paper);
        expect(getContrastRatio(text, tint), `${mode} ${colour} on its tint`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it('keeps the primary and secondary text readable on the paper and the background (the footer, helper texts, labels): 4.5:1', () => {
    for (const mode of MODES) {
      const { palette } = createAppTheme(mode, 'bordered', 'ltr');
      for (const surface of [palette.background.paper, palette.background.default]) {
        for (const kind of ['primary', 'secondary'] as const) {
          const text = over(palette.text[kind], surface);
          expect(getContrastRatio(text, surface), `${mode} text.${kind} on ${surface}`).toBeGreaterThanOrEqual(4.5);
        }
      }
    }
  });

  it('writes the active menu entry readably at both ends of its gradient: 4.5:1', () => {
    for (const mode of MODES) {
      const { palette } = createAppTheme(mode, 'bordered', 'ltr');
      const stops = activeMenuGradient(palette.primary.main, mode === 'dark').match(/(#[0-9a-f]{6}|rgba?\([^)]*\))/gi)!;
      expect(stops).toHaveLength(2);
      for (const stop of stops) {
        const fill = over(stop.startsWith('rgb(') ? hex(stop) : stop, palette.background.paper);
        expect(getContrastRatio(palette.primary.contrastText, fill), `${mode} ${stop}`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it('rings the keyboard focus in a colour visible on the surfaces (3:1), on every button', () => {
    for (const mode of MODES) {
      const theme = createAppTheme(mode, 'bordered', 'ltr', true);
      for (const surface of [theme.palette.background.paper, theme.palette.background.default]) {
        expect(getContrastRatio(theme.palette.primary.main, surface), `${mode} ring on ${surface}`).toBeGreaterThanOrEqual(3);
      }
    }
    renderWithProviders(<Button data-testid="focus-probe">OK</Button>);
    const button = screen.getByTestId('focus-probe');
    button.classList.add('Mui-focusVisible');
    // jsdom keeps the shorthand as written.
    expect(getComputedStyle(button).outline).toBe(`2px solid ${createAppTheme('light', 'bordered', 'ltr').palette.primary.main}`);
  });

  it('keeps the status chips readable in the dark mode too', () => {
    const store = makeStore();
    store.dispatch(setTheme('dark'));
    renderWithProviders(
      <>
        <VoucherStatusChip voucher={{ status: 'new', status_label: 'Nouveau' }} />
        <InvoiceStatusChip invoice={{ status: 'paid', status_label: 'Payée' }} />
        <ParcelStatusChip status="delivered" label="Livré" />
        <ParcelStatusChip status="refused" label="Refusé" />
        <ActiveChip active />
      </>,
      { store },
    );
    const { background } = createAppTheme('dark', 'bordered', 'ltr').palette;
    const outlined = [screen.getByTestId('voucher-status'), screen.getByTestId('active-chip')];
    for (const chip of outlined) {
      const text = hex(getComputedStyle(chip).color);
      expect(getContrastRatio(text, background.paper), chip.textContent!).toBeGreaterThanOrEqual(4.5);
    }
    for (const chip of [screen.getByTestId('invoice-status'), ...screen.getAllByTestId('parcel-status')]) {
      const style = getComputedStyle(chip);
      expect(getContrastRatio(hex(style.color), hex(style.backgroundColor)), chip.textContent!).toBeGreaterThanOrEqual(4.5);
    }
  });
});
