import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ROLE_ROUTES } from '../../navigation/routes';
import { merchantSession } from '../../test/fixtures';
import { listReply } from '../../test/listReply';
import { mockServer } from '../../test/mockServer';
import { renderWithProviders } from '../../test/render';
import type { ImportPreview, RecipientHistory } from '../../components/parcel/api';
import { parcel, parcelPage } from '../../components/parcel/testData';
import type { Shop } from '../../components/shop/api';
import AddParcelsScreen from './AddParcelsScreen';
import ParcelsScreen from './ParcelsScreen';
import { HISTORY_DELAY } from './RecipientHistoryNote';

const SHOP: Shop = {
  key: 'S1',
  name: 'Boutique Atlas',
  phone: '0522000000',
  address: 'Maarif',
  city: 'CASA',
  city_name: 'Casablanca',
  bank_account: null,
  client: 'M1',
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};

function history(phone: string, overrides: Partial<RecipientHistory> = {}): { status: number; body: { data: RecipientHistory } } {
  return { status: 200, body: { data: { phone, delivered: 3, failed: 1, unreached: 2, band: 'to_confirm', action: 'warn', months: 12, parcels: [], ...overrides } } };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("a recipient's history across every merchant", () => {
  it('shows the band and counts under the phone of the parcel form once the number is complete, nothing before', async () => {
    const user = userEvent.setup();
    const server = mockServer({
      'GET /api/shops': listReply([SHOP]),
      'GET /api/cities': listReply([]),
      'GET /api/recipients/0612345678/history': history('0612345678', {
        parcels: [
          { key: 'CLV-22', status: 'new', status_label: 'Nouveau colis', created_at: '2026-12-01T10:00:00Z' },
          { key: 'CLV-21', status: 'delivered', status_label: 'Livré', created_at: '2026-11-01T10:00:00Z' },
        ],
      }),
      'GET /api/recipients/0700112233/history': history('0700112233', { delivered: 1, failed: 4, unreached: 0, band: 'risky', action: 'refuse' }),
      'GET /api/recipients/0522334455/history': history('0522334455', { delivered: 0, failed: 0, unreached: 0, band: 'reliable', action: null, months: 6 }),
    });
    const historyCalls = () => server.calls.filter((call) => call.path.startsWith('/api/recipients/'));
    renderWithProviders(<AddParcelsScreen />, { session: merchantSession() });
    const phone = await screen.findByLabelText(/^Téléphone/);
    const field = screen.getByTestId('field-recipient_phone');

    // Nine digits: not a number yet, nothing asked nor shown.
    await user.type(phone, '061234567');
    await pause(HISTORY_DELAY + 100);
    expect(historyCalls()).toHaveLength(0);
    expect(within(field).queryByTestId('recipient-history')).not.toBeInTheDocument();

    await user.type(phone, '8');
    const badge = await within(field).findByTestId('recipient-history');
    expect(badge).toHaveTextContent('À confirmer');
    expect(badge).toHaveAccessibleName('À confirmer : 3 livrés · 1 échec');
    expect(within(field).getByTestId('recipient-history-line')).toHaveTextContent('Historique (12 derniers mois) : 3 livrés, 1 échoué, 2 tentatives sans réponse');
    expect(within(field).getByTestId('recipient-history-warn')).toHaveTextContent('Destinataire « À confirmer » : confirmez la commande avec lui avant l’envoi.');
    expect(within(field).queryByTestId('recipient-history-refuse')).not.toBeInTheDocument();
    expect(historyCalls().map((call) => call.path)).toEqual(['/api/recipients/0612345678/history']);
    // His own parcels to that number (an order entered twice), each opening in a new tab.
    const own = within(field).getByTestId('recipient-history-parcels');
    expect(own).toHaveTextContent('Vos 2 colis à ce numéro : CLV-22 (Nouveau colis), CLV-21 (Livré)');
    const link = within(own).getByRole('link', { name: 'CLV-22' });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('href')).toMatch(/\?colis=CLV-22$/);

    // One digit too many: the note goes at once.
    await user.type(phone, '9');
    expect(within(field).queryByTestId('recipient-history')).not.toBeInTheDocument();

    // An international form is asked in its national form; a band the company refuses says so.
    await user.clear(phone);
    await user.type(phone, '+212 700 11 22 33');
    expect(await within(field).findByTestId('recipient-history-refuse')).toHaveTextContent(
      'Destinataire « Risqué » : la société refuse ses colis, celui-ci ne sera pas créé.',
    );
    expect(within(field).getByTestId('recipient-history')).toHaveTextContent('Risqué');
    expect(within(field).getByTestId('recipient-history-line')).toHaveTextContent('Historique (12 derniers mois) : 1 livré, 4 échoués, 0 tentative sans réponse');
    expect(within(field).queryByTestId('recipient-history-warn')).not.toBeInTheDocument();

    // A number no parcel has ended for: a new recipient, no warning.
    await user.clear(phone);
    await user.type(phone, '05 22 33 44 55');
    expect(await within(field).findByTestId('recipient-history')).toHaveTextContent('Nouveau destinataire');
    expect(within(field).getByTestId('recipient-history-line')).toHaveTextContent('Aucun colis à ce numéro (6 derniers mois).');
    expect(within(field).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(field).queryByTestId('recipient-history-parcels')).not.toBeInTheDocument();
    expect(historyCalls().map((call) => call.path)).toEqual([
      '/api/recipients/0612345678/history',
      '/api/recipients/0700112233/history',
      '/api/recipients/0522334455/history',
    ]);
  });

  it('says when the company has our agents confirm the order of such a recipient', async () => {
    const user = userEvent.setup();
    mockServer({
      'GET /api/shops': listReply([SHOP]),
      'GET /api/cities': listReply([]),
      'GET /api/recipients/0612345678/history': history('0612345678', { action: 'confirm' }),
    });
    renderWithProviders(<AddParcelsScreen />, { session: merchantSession() });
    await user.type(await screen.findByLabelText(/^Téléphone/), '0612345678');
    const field = screen.getByTestId('field-recipient_phone');
    expect(await within(field).findByTestId('recipient-history-confirm')).toHaveTextContent(
      'Destinataire « À confirmer » : nos agents l’appelleront pour confirmer la commande avant le ramassage.',
    );
    expect(within(field).queryByTestId('recipient-history-warn')).not.toBeInTheDocument();
  });

  it('shows nothing when the server refuses the number', async () => {
    const user = userEvent.setup();
    const server = mockServer({
      'GET /api/shops': listReply([SHOP]),
      'GET /api/cities': listReply([]),
      'GET /api/recipients/0612345678/history': { status: 422, body: { message: 'Données invalides.', errors: { phone: ['Numéro marocain attendu.'] } } },
    });
    renderWithProviders(<AddParcelsScreen />, { session: merchantSession() });
    await user.type(await screen.findByLabelText(/^Téléphone/), '0612345678');
    await waitFor(() => expect(server.callsTo('GET', '/api/recipients/0612345678/history')).toHaveLength(1));
    await pause(50);
    expect(screen.getByTestId('recipient-history-note')).toBeEmptyDOMElement();
  });

  it("shows each import row's band beside its phone, nothing for a row without history", async () => {
    const user = userEvent.setup();
    const preview: ImportPreview = {
      valid_count: 2,
      error_count: 1,
      rows: [
        {
          line: 2,
          input: { recipient_name: 'Karim', recipient_phone: '0700112233', city: 'Casablanca', cod_amount: 12000, product: 'Sac' },
          errors: { recipient_phone: ['Le destinataire 0700112233 est « Risqué » : la société refuse ses colis.'] },
          recipient_history: { delivered: 1, failed: 4, band: 'risky' },
        },
        {
          line: 3,
          input: { recipient_name: 'Amina', recipient_phone: '0612345678', city: 'Casablanca', cod_amount: 12000, product: 'Sac' },
          errors: {},
          recipient_history: { delivered: 5, failed: 0, band: 'reliable' },
        },
        {
          line: 4,
          input: { recipient_name: 'Salma', recipient_phone: '0661000000', city: 'Casablanca', cod_amount: 9900, product: 'Robe' },
          errors: {},
          recipient_history: null,
        },
      ],
    };
    mockServer({ 'GET /api/shops': listReply([SHOP]), 'POST /api/parcels/import': { status: 200, body: preview } });
    renderWithProviders(<AddParcelsScreen />, { session: merchantSession() });
    await user.click(await screen.findByTestId('tab-import'));
    await user.upload(screen.getByTestId('import-file'), new File(['destinataire;telephone\nKarim;0700112233\n'], 'colis.csv', { type: 'text/csv' }));
    const table = await screen.findByTestId('import-preview');
    await user.click(within(table).getByRole('switch', { name: 'Seulement les lignes à corriger' }));
    const rows = within(table).getAllByTestId('import-row');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]).getByTestId('recipient-history')).toHaveTextContent('Risqué');
    expect(within(rows[0]).getByTestId('recipient-history')).toHaveAccessibleName('Risqué : 1 livré · 4 échecs');
    expect(rows[0]).toHaveTextContent('Téléphone : Le destinataire 0700112233 est « Risqué » : la société refuse ses colis.');
    expect(within(rows[1]).getByTestId('recipient-history')).toHaveTextContent('Fiable');
    expect(within(rows[2]).queryByTestId('recipient-history')).not.toBeInTheDocument();
  });

  it('marks a recipient who is not « Fiable » beside his phone in the parcel lists, and only him', async () => {
    mockServer({
      'GET /api/parcels': parcelPage([
        parcel('CLV1RISKY', { recipient_history: { delivered: 0, failed: 3, band: 'risky' } }),
        parcel('CLV2CONFIRM', { recipient_history: { delivered: 2, failed: 1, band: 'to_confirm' } }),
        parcel('CLV3RELIABLE', { recipient_history: { delivered: 8, failed: 0, band: 'reliable' } }),
        parcel('CLV4NEW'),
      ]),
      'GET /api/shops': listReply([]),
      'GET /api/cities': listReply([]),
    });
    const route = ROLE_ROUTES.client.find((r) => r.name === 'all-parcels')!;
    renderWithProviders(<ParcelsScreen route={route} />, { session: merchantSession(), path: '/compte/tous-les-colis' });
    const rows = await screen.findAllByTestId('table-row');
    const badge = (row: HTMLElement) => within(row).queryByTestId('recipient-history');
    expect(badge(rows[0])).toHaveTextContent('Risqué');
    expect(badge(rows[0])).toHaveAccessibleName('Risqué : 0 livré · 3 échecs');
    expect(badge(rows[1])).toHaveTextContent('À confirmer');
    expect(badge(rows[2])).not.toBeInTheDocument();
    expect(badge(rows[3])).not.toBeInTheDocument();
    // In the recipient's cell, beside his phone: no column of its own.
    expect(within(rows[0]).getByRole('link', { name: /0612345678/ }).closest('td')).toContainElement(badge(rows[0]));
  });
});
