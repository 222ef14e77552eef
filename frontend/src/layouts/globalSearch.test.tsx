import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SessionInfo } from '../navigation/access';
import { ALL_MERCHANT_PERMISSIONS, adminSession, merchantSession, deliverySession } from '../test/fixtures';
import { listReply } from '../test/listReply';
import { mockServer } from '../test/mockServer';
import { renderWithProviders } from '../test/render';
import ContentLayout from './ContentLayout';
import { invoicePath, searchesCodes, voucherPath } from './globalSearch';

const info = (role: SessionInfo['role'], permissions: string[] = []): SessionInfo => ({ authenticated: true, active: true, role, permissions });

describe('where a voucher or an invoice found by its code opens', () => {
  it('opens the drawer on the caller’s list of its kind', () => {
    expect(voucherPath({ key: 'BRK7', kind: 'pickup' }, info('client', ALL_MERCHANT_PERMISSIONS))).toBe('/compte/bons-de-ramassage?bon=BRK7');
    expect(voucherPath({ key: 'BRK7', kind: 'pickup' }, info('admin', ['new-pickup-vouchers', 'all-pickup-vouchers']))).toBe(
      '/compte/tous-les-bons-de-ramassage?bon=BRK7',
    );
    expect(voucherPath({ key: 'BSK7', kind: 'exit' }, info('delivery-admin'))).toBe('/compte/bons-de-sortie?bon=BSK7');
    expect(voucherPath({ key: 'BTK7', kind: 'return' }, info('admin', ['delivery-return-vouchers']))).toBe('/compte/bons-de-retour-livreur?bon=BTK7');
    expect(invoicePath({ key: 'INV1', kind: 'delivered' }, info('client', ALL_MERCHANT_PERMISSIONS))).toBe('/compte/factures-livrees?facture=INV1');
    expect(invoicePath({ key: 'INV2', kind: 'returned' }, info('admin', ['client-returned-invoices']))).toBe(
      '/compte/factures-clients-retours?facture=INV2',
    );
    expect(invoicePath({ key: 'INV3', kind: 'delivery' }, info('delivery-admin'))).toBe('/compte/factures?facture=INV3');
  });

  it('has no place for what the caller has no screen for', () => {
    // Only the "new vouchers" list: a received voucher would not show there.
    expect(voucherPath({ key: 'BRK7', kind: 'pickup' }, info('admin', ['new-pickup-vouchers']))).toBeNull();
    expect(voucherPath({ key: 'BSK7', kind: 'exit' }, info('client', ALL_MERCHANT_PERMISSIONS))).toBeNull();
    expect(invoicePath({ key: 'INV1', kind: 'delivered' }, info('admin', ['client-returned-invoices']))).toBeNull();
    expect(invoicePath({ key: 'INV3', kind: 'delivery' }, info('client', ALL_MERCHANT_PERMISSIONS))).toBeNull();
    expect(searchesCodes(info('admin', ['dashboard', 'cities']))).toBe(false);
    expect(searchesCodes(info('delivery-admin'))).toBe(true);
  });
});

describe('top-bar search of vouchers and invoices', () => {
  const answer = {
    parcels: [],
    people: [],
    tickets: [],
    vouchers: [{ key: 'BRQ7K3QX9M', code: 'BRQ7K3QX9M', kind: 'pickup', status: 'received' }],
    invoices: [
      { key: 'K1', number: 'FC-2026-000012', kind: 'delivered', status: 'paid', total: 58050 },
      { key: 'K2', number: 'FL-2026-000003', kind: 'delivery', status: 'validated', total: 12000 },
    ],
  };

  it('shows a merchant his voucher and invoice, and opens the voucher', async () => {
    const user = userEvent.setup();
    const server = mockServer({
      'GET /api/parcels': listReply([]),
      'GET /api/search': { status: 200, body: { data: answer } },
    });
    renderWithProviders(<ContentLayout />, { session: merchantSession(), path: '/compte/accueille' });
    await user.click(screen.getByTestId('search-open'));
    await user.type(await screen.findByTestId('search-input'), 'BRQ7');
    const voucher = await screen.findByTestId('search-voucher');
    expect(voucher).toHaveTextContent('BRQ7K3QX9M · Bon de ramassage');
    expect(within(voucher).getByText('Reçu')).toBeInTheDocument();
    expect(server.callsTo('GET', '/api/search').at(-1)!.query).toEqual({ q: 'BRQ7' });
    // His delivered invoice; a delivery invoice has no screen of his: not shown.
    const invoices = screen.getAllByTestId('search-invoice');
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toHaveTextContent('FC-2026-000012 · Facture des colis livrés');
    expect(invoices[0]).toHaveTextContent('580,50 DH');
    expect(within(invoices[0]).getByText('Payée')).toBeInTheDocument();
    await user.click(voucher);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/compte/bons-de-ramassage'));
  });

  it('lets a delivery person open his invoice with the keyboard', async () => {
    const user = userEvent.setup();
    mockServer({
      'GET /api/parcels': listReply([]),
      'GET /api/search': { status: 200, body: { data: { ...answer, vouchers: [] } } },
    });
    renderWithProviders(<ContentLayout />, { session: deliverySession(), path: '/compte/accueille' });
    await user.click(screen.getByTestId('search-open'));
    await user.type(await screen.findByTestId('search-input'), 'FL-2026');
    const invoices = await screen.findAllByTestId('search-invoice');
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toHaveTextContent('FL-2026-000003 · Facture livreur');
    expect(invoices[0]).toHaveClass('Mui-selected');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/compte/factures'));
  });

  it('asks an admin staff member only for the codes of screens he holds', async () => {
    const user = userEvent.setup();
    mockServer({
      'GET /api/parcels': listReply([]),
      'GET /api/search': { status: 200, body: { data: answer } },
    });
    renderWithProviders(<ContentLayout />, { session: adminSession(['dashboard', 'delivery-invoices']), path: '/compte/tableau-de-bord' });
    await user.click(screen.getByTestId('search-open'));
    await user.type(await screen.findByTestId('search-input'), 'FL-2026');
    const invoices = await screen.findAllByTestId('search-invoice');
    expect(invoices.map((row) => row.textContent)).toEqual([expect.stringContaining('FL-2026-000003')]);
    expect(screen.queryByTestId('search-voucher')).toBeNull();
  });
});
