import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adminSession, ALL_MERCHANT_PERMISSIONS } from '../../test/fixtures';
import { listReply } from '../../test/listReply';
import { mockServer } from '../../test/mockServer';
import { renderWithProviders } from '../../test/render';
import type { MerchantView } from '../../components/merchant/api';
import { merchantView as merchant } from '../../components/merchant/testData';
import MerchantsScreen from './MerchantsScreen';

describe('clients screen', () => {
  it('opens on the new sign-ups, switches tabs through ?status=, activates one at once', async () => {
    const user = userEvent.setup();
    let rows = [merchant('M1')];
    const server = mockServer({
      'GET /api/clients': (call) => listReply(call.query.status === 'new' ? rows.filter((r) => !r.active) : rows, call.query),
      'PUT /api/clients/M1': (call) => {
        rows = rows.map((r) => ({ ...r, ...(call.body as Partial<MerchantView>) }));
        return { status: 200, body: { data: rows[0] } };
      },
    });
    renderWithProviders(<MerchantsScreen />, { session: adminSession() });
    const row = await screen.findByTestId('table-row');
    expect(row).toHaveTextContent('Salma Berrada');
    expect(row).toHaveTextContent('En attente');
    expect(server.callsTo('GET', '/api/clients')[0].query).toMatchObject({ status: 'new', page: '1' });

    await user.click(screen.getByRole('button', { name: 'Activer Salma Berrada' }));
    await waitFor(() => expect(server.callsTo('PUT', '/api/clients/M1')[0]?.body).toEqual({ active: true }));
    // It leaves the "new" queue.
    expect(await screen.findByTestId('table-empty')).toHaveTextContent("Aucune inscription en attente d'activation.");
    expect(screen.getByTestId('resource-notice')).toHaveTextContent('Le compte de Salma Berrada est activé.');

    await user.click(screen.getByTestId('tab-activated'));
    await waitFor(() => expect(server.calls.at(-1)!.query).toMatchObject({ status: 'activated' }));
    expect(await screen.findByRole('button', { name: 'Désactiver Salma Berrada' })).toBeInTheDocument();
  });

  it('asks before deactivating (it ends the sessions) and sends active: false', async () => {
    const user = userEvent.setup();
    const server = mockServer({
      'GET /api/clients': (call) => listReply([merchant('M1', { active: true })], call.query),
      'PUT /api/clients/M1': { status: 200, body: { data: merchant('M1') } },
    });
    renderWithProviders(<MerchantsScreen />, { session: adminSession() });
    await user.click(await screen.findByRole('button', { name: 'Désactiver Salma Berrada' }));
    const confirm = await screen.findByTestId('confirm-dialog');
    expect(confirm).toHaveTextContent('Ses sessions et ses jetons');
    expect(server.callsTo('PUT', '/api/clients/M1')).toHaveLength(0);
    await user.click(within(confirm).getByTestId('confirm-submit'));
    await waitFor(() => expect(server.callsTo('PUT', '/api/clients/M1')[0]?.body).toEqual({ active: false }));
  });

  it('edits the permissions with the client menu names, in menu order', async () => {
    const user = userEvent.setup();
    const server = mockServer({
      'GET /api/clients': (call) => listReply([merchant('M1', { permissions: ['dashboard', 'shops', 'pricing'] })], call.query),
      'PUT /api/clients/M1': (call) => ({ status: 200, body: { data: { ...merchant('M1'), ...(call.body as object) } } }),
    });
    renderWithProviders(<MerchantsScreen />, { session: adminSession() });
    await user.click(await screen.findByRole('button', { name: 'Permissions Salma Berrada' }));
    const dialog = await screen.findByTestId('permissions-dialog');
    const boxes = within(dialog).getAllByRole('checkbox');
    expect(boxes).toHaveLength(ALL_MERCHANT_PERMISSIONS.length);
    expect(within(dialog).getByRole('checkbox', { name: 'Boutiques' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Équipe' })).not.toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Tarifs' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Équipe' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Bons de ramassage' }));
    await user.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(server.callsTo('PUT', '/api/clients/M1')).toHaveLength(1));
    expect(server.callsTo('PUT', '/api/clients/M1')[0].body).toEqual({
      permissions: ['dashboard', 'pickup-vouchers', 'shops', 'staff'],
    });
  });

  it('edits the details and shows the server refusal of a delete (the merchant has parcels)', async () => {
    const user = userEvent.setup();
    const message = 'Ce client a déjà des colis : désactivez-le plutôt.';
    const server = mockServer({
      'GET /api/clients': (call) => listReply([merchant('M1', { company: null })], call.query),
      'PUT /api/clients/M1': { status: 422, body: { message: 'Données invalides.', errors: { email: ['Cette adresse e-mail est déjà utilisée.'] } } },
      'DELETE /api/clients/M1': { status: 409, body: { message } },
    });
    renderWithProviders(<MerchantsScreen />, { session: adminSession() });
    await user.click(await screen.findByRole('button', { name: 'Modifier Salma Berrada' }));
    const dialog = await screen.findByTestId('form-dialog');
    const email = within(dialog).getByLabelText(/^Adresse e-mail/);
    await user.clear(email);
    await user.type(email, 'pris@souk.ma');
    await user.type(within(dialog).getByLabelText(/^Société/), 'Argan Store');
    await user.click(within(dialog).getByTestId('form-submit'));
    expect(await within(dialog).findByText('Cette adresse e-mail est déjà utilisée.')).toBeInTheDocument();
    expect(server.callsTo('PUT', '/api/clients/M1')[0].body).toEqual({
      first_name: 'Salma',
      last_name: 'Berrada',
      phone: '0612345678',
      email: 'pris@souk.ma',
      company: 'Argan Store',
      // No ICE typed: none kept.
      ice: '',
      confirmation_required: false,
      confirmation_fee: 0,
    });
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByTestId('form-dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Supprimer Salma Berrada' }));
    const confirm = await screen.findByTestId('confirm-dialog');
    await user.click(within(confirm).getByTestId('confirm-submit'));
    expect(await within(confirm).findByTestId('confirm-error')).toHaveTextContent(message);
  });

  it('puts a merchant on the confirmation service with its fee typed in dirhams (sent in centimes), flagged in the list', async () => {
    const user = userEvent.setup();
    let row = merchant('M1', { active: true });
    const server = mockServer({
      'GET /api/clients': (call) => listReply([row], call.query),
      'PUT /api/clients/M1': (call, index) => {
        if (index === 0) return { status: 422, body: { message: 'Données invalides.', errors: { confirmation_fee: ['Entre 0 et 1 000,00 DH.'] } } };
        row = { ...row, ...(call.body as Partial<MerchantView>) };
        return { status: 200, body: { data: row } };
      },
    });
    renderWithProviders(<MerchantsScreen />, { session: adminSession(), path: '/?status=all' });
    const first = await screen.findByTestId('table-row');
    expect(within(first).queryByTestId('merchant-confirmation-chip')).not.toBeInTheDocument();
    await user.click(within(first).getByRole('button', { name: 'Modifier Salma Berrada' }));
    const dialog = await screen.findByTestId('form-dialog');
    const service = within(dialog).getByRole('switch', { name: 'Service de confirmation' });
    expect(service).not.toBeChecked();
    expect(within(dialog).getByTestId('field-confirmation_required')).toHaveTextContent('Ses nouveaux colis sont confirmés par nos agents avant le ramassage.');
    const fee = within(dialog).getByRole('textbox', { name: /^Frais par colis confirmé \(TTC\)/ });
    expect(fee).toHaveValue('0,00');
    await user.click(service);
    await user.clear(fee);
    // Above 1 000 DH: said under the field, nothing sent.
    await user.type(fee, '1500');
    await user.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(within(dialog).getByTestId('field-confirmation_fee')).toHaveTextContent(/Entre 0,00.DH et 1.000,00.DH\./));
    expect(server.callsTo('PUT', '/api/clients/M1')).toHaveLength(0);

    await user.clear(fee);
    await user.type(fee, '7,50');
    await user.click(within(dialog).getByTestId('form-submit'));
    // The server's refusal lands under the field too.
    expect(await within(dialog).findByText('Entre 0 et 1 000,00 DH.')).toBeInTheDocument();
    expect(server.callsTo('PUT', '/api/clients/M1')[0].body).toMatchObject({ confirmation_required: true, confirmation_fee: 750 });

    await user.clear(fee);
    await user.type(fee, '5');
    await user.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(screen.queryByTestId('form-dialog')).not.toBeInTheDocument());
    expect(server.callsTo('PUT', '/api/clients/M1')[1].body).toMatchObject({ confirmation_required: true, confirmation_fee: 500 });
    const chip = await screen.findByTestId('merchant-confirmation-chip');
    expect(chip).toHaveTextContent('Confirmation');
    expect(screen.getByTestId('table-row')).toContainElement(chip);
  });

  it("lists a merchant's shops in a side panel (GET /api/shops?client=KEY)", async () => {
    const user = userEvent.setup();
    const server = mockServer({
      'GET /api/clients': (call) => listReply([merchant('M1')], call.query),
      'GET /api/shops': (call) =>
        listReply(
          [
            {
              key: 'S1',
              name: 'Souk Rabat',
              phone: '0537000000',
              address: 'Agdal',
              city: 'C1',
              city_name: 'Rabat',
              bank_account: null,
              client: 'M1',
              created_at: '2026-02-02T10:00:00Z',
              updated_at: '2026-02-02T10:00:00Z',
            },
          ],
          call.query,
        ),
    });
    renderWithProviders(<MerchantsScreen />, { session: adminSession() });
    await user.click(await screen.findByRole('button', { name: 'Boutiques Salma Berrada' }));
    const drawer = await screen.findByTestId('client-shops-drawer');
    expect(drawer).toHaveTextContent('Boutiques de Souk Digital');
    expect(await within(drawer).findByTestId('table-row')).toHaveTextContent('Souk Rabat');
    expect(server.callsTo('GET', '/api/shops')[0].query).toMatchObject({ client: 'M1' });
  });
});
