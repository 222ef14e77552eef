import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adminSession, merchantSession, deliverySession } from '../../test/fixtures';
import { mockServer } from '../../test/mockServer';
import { renderWithProviders } from '../../test/render';
import { ParcelDrawer } from '../../components/parcel/ParcelDrawer';
import { parcel } from '../../components/parcel/testData';

function serve(invoices: { client_completed_invoice: string | null; client_returned_invoice: string | null; delivery_admin_invoice: string | null }) {
  return mockServer({
    'GET /api/parcels/K1': { status: 200, body: { data: parcel('K1', { status: 'delivered', status_label: 'Livré', ...invoices }) } },
    'GET /api/parcels/K1/states': { status: 200, body: { data: [] } },
  });
}

describe('the invoices of a parcel, in its drawer', () => {
  it('shows an admin each invoice the parcel is on, a link to it on its list', async () => {
    const user = userEvent.setup();
    serve({ client_completed_invoice: 'FCK1', client_returned_invoice: null, delivery_admin_invoice: 'FLK1' });
    renderWithProviders(<ParcelDrawer parcelKey="K1" onClose={() => undefined} />, { session: adminSession(), path: '/compte/tous-les-colis' });
    const section = await screen.findByTestId('parcel-invoices');
    expect(within(section).getByTestId('parcel-invoice-client_completed_invoice')).toHaveTextContent('Facture des colis livrésFCK1');
    expect(within(section).queryByTestId('parcel-invoice-client_returned_invoice')).not.toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'FLK1' })).toHaveAttribute('href', '/compte/factures-livreurs?facture=FLK1');
    await user.click(within(section).getByRole('link', { name: 'FCK1' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/compte/factures-clients-livrees');
  });

  it("links a merchant to his invoice lists, a delivery person to his, and shows nothing when the parcel is on none", async () => {
    serve({ client_completed_invoice: null, client_returned_invoice: 'FCR1', delivery_admin_invoice: null });
    const merchant = renderWithProviders(<ParcelDrawer parcelKey="K1" onClose={() => undefined} />, { session: merchantSession() });
    expect(within(await screen.findByTestId('parcel-invoices')).getByRole('link', { name: 'FCR1' })).toHaveAttribute('href', '/compte/factures-retour?facture=FCR1');
    merchant.unmount();

    serve({ client_completed_invoice: null, client_returned_invoice: null, delivery_admin_invoice: 'FLK1' });
    const deliveryPerson = renderWithProviders(<ParcelDrawer parcelKey="K1" onClose={() => undefined} />, { session: deliverySession() });
    expect(within(await screen.findByTestId('parcel-invoices')).getByRole('link', { name: 'FLK1' })).toHaveAttribute('href', '/compte/factures?facture=FLK1');
    deliveryPerson.unmount();

    serve({ client_completed_invoice: null, client_returned_invoice: null, delivery_admin_invoice: null });
    renderWithProviders(<ParcelDrawer parcelKey="K1" onClose={() => undefined} />, { session: adminSession() });
    expect(await screen.findByTestId('parcel-fees')).toBeInTheDocument();
    expect(screen.queryByTestId('parcel-invoices')).not.toBeInTheDocument();
  });
});
