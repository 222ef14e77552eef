// @vitest-environment jsdom
// Reads colours through getComputedStyle, which happy-dom does not resolve from MUI's sheets.
import { getContrastRatio } from '@mui/material/styles';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { InvoiceStatusChip } from '../features/invoices/InvoiceStatusChip';
import { ParcelStatusChip } from '../components/parcel/ParcelStatusChip';
import { VoucherStatusChip } from '../features/vouchers/VoucherStatusChip';
import { renderWithProviders } from '../test/render';
import { createAppTheme } from './createAppTheme';

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

  it('writes the outlined warning statuses (a new voucher, a draft invoice) in a dark amber on white, and dark text on the filled ones', () => {
    renderWithProviders(
      <>
        <VoucherStatusChip voucher={{ status: 'new', status_label: 'Nouveau' }} />
        <InvoiceStatusChip invoice={{ status: 'draft', status_label: 'Brouillon' }} />
        <ParcelStatusChip status="postponed" label="Reporté" />
      </>,
    );
    const paper = createAppTheme('light', 'bordered', 'ltr').palette.background;
    for (const chip of [screen.getByTestId('voucher-status'), screen.getByTestId('invoice-status')]) {
      const text = hex(getComputedStyle(chip).color);
      expect(getContrastRatio(text, paper.paper), chip.textContent!).toBeGreaterThanOrEqual(4.5);
      expect(getContrastRatio(text, paper.default), chip.textContent!).toBeGreaterThanOrEqual(4.5);
    }
    const filled = screen.getByTestId('parcel-status');
    expect(getContrastRatio(hex(getComputedStyle(filled).color), hex(getComputedStyle(filled).backgroundColor))).toBeGreaterThanOrEqual(4.5);
  });
});
