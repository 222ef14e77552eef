import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeStore } from '../../core/store';
import { adminSession, merchantSession } from '../../test/fixtures';
import { mockServer } from '../../test/mockServer';
import { renderWithProviders } from '../../test/render';
import { setLanguage } from '../../theme/settingsSlice';
import { formatDate } from '../../i18n';
import { ParcelDrawer } from '../../components/parcel/ParcelDrawer';
import { parcel } from '../../components/parcel/testData';

// The server's texts come as a code and values; the server also renders them (`text`) in the
// language asked, which the UI shows only for a code it does not know.
const states = [
  { status: 'new', status_label: 'Nouveau colis', comment: null, note: null, text: null, date: null, user_name: 'Samira Bennani', created_at: '2026-03-02T09:30:00Z' },
  {
    status: 'awaiting_pickup',
    status_label: 'En attente de ramassage',
    comment: 'Bon de ramassage BR00000001',
    note: null,
    text: 'Bon de ramassage BR00000001',
    date: null,
    user_name: 'Samira Bennani',
    created_at: '2026-03-02T09:40:00Z',
  },
  {
    status: 'out_for_delivery',
    status_label: 'Mis en distribution',
    comment: null,
    note: { code: 'exit_voucher', values: { voucher: 'BS12345678' } },
    text: 'Bon de sortie BS12345678',
    date: null,
    user_name: 'Admin',
    created_at: '2026-03-03T08:00:00Z',
  },
  {
    status: 'refused',
    status_label: 'Refusé',
    comment: null,
    note: { code: 'auto_refused', values: { attempts: 3 } },
    text: 'Refusé automatiquement après 3 tentatives sans succès.',
    date: null,
    user_name: null,
    created_at: '2026-03-04T08:00:00Z',
  },
  {
    status: 'refused',
    status_label: 'Refusé',
    comment: null,
    note: { code: 'from_the_future', values: {} },
    text: 'Texte du serveur',
    date: null,
    user_name: null,
    created_at: '2026-03-05T08:00:00Z',
  },
];

function serve() {
  return mockServer({
    'GET /api/parcels/K1': { status: 200, body: { data: parcel('K1', { status: 'refused', status_label: 'Refusé' }) } },
    'GET /api/parcels/K1/states': { status: 200, body: { data: states } },
  });
}

async function historyEntries() {
  const drawer = await screen.findByTestId('parcel-detail');
  // Newest first.
  return within(drawer).findAllByTestId('history-entry');
}

describe('parcel history', () => {
  it('renders the server notes in French, and a person’s comment as written', async () => {
    const server = serve();
    renderWithProviders(<ParcelDrawer parcelKey="K1" onClose={() => {}} />, { session: merchantSession() });
    const entries = await historyEntries();
    expect(entries[1]).toHaveTextContent('Refusé automatiquement après 3 tentatives sans succès.');
    expect(entries[1]).toHaveTextContent('Refusé');
    expect(entries[2]).toHaveTextContent('Bon de sortie BS12345678');
    expect(entries[2]).toHaveTextContent('Mis en distribution');
    // An older line without a code keeps its comment; an unknown code shows the server's text.
    expect(entries[3]).toHaveTextContent('Bon de ramassage BR00000001');
    expect(entries[0]).toHaveTextContent('Texte du serveur');
    expect(server.callsTo('GET', '/api/parcels/K1/states')[0].headers.get('Accept-Language')).toBe('fr');
  });

  it('renders them in English when the UI is in English, and asks the server in English', async () => {
    const server = serve();
    const store = makeStore();
    store.dispatch(setLanguage('en'));
    renderWithProviders(<ParcelDrawer parcelKey="K1" onClose={() => {}} />, { session: merchantSession(), store });
    const entries = await historyEntries();
    expect(entries[1]).toHaveTextContent('Refused automatically after 3 unsuccessful attempts.');
    expect(entries[1]).not.toHaveTextContent('tentatives');
    expect(entries[2]).toHaveTextContent('Exit voucher BS12345678');
    expect(entries[2]).toHaveTextContent('Out for delivery');
    expect(entries[2]).not.toHaveTextContent('Mis en distribution');
    expect(within(screen.getByTestId('parcel-detail')).getAllByTestId('parcel-status')[0]).toHaveTextContent('Refused');
    expect(server.callsTo('GET', '/api/parcels/K1/states')[0].headers.get('Accept-Language')).toBe('en');
  });

  it('fetches the history again when the language changes', async () => {
    const server = serve();
    const store = makeStore();
    renderWithProviders(<ParcelDrawer parcelKey="K1" onClose={() => {}} />, { session: merchantSession(), store });
    await historyEntries();
    expect(server.callsTo('GET', '/api/parcels/K1/states')).toHaveLength(1);
    act(() => {
      store.dispatch(setLanguage('en'));
    });
    await waitFor(() => expect(server.callsTo('GET', '/api/parcels/K1/states')).toHaveLength(2));
    expect(server.callsTo('GET', '/api/parcels/K1/states')[1].headers.get('Accept-Language')).toBe('en');
    expect((await historyEntries())[1]).toHaveTextContent('Refused automatically after 3 unsuccessful attempts.');
  });

  it('says when an outcome recorded offline reached the server, under its row', async () => {
    mockServer({
      'GET /api/parcels/K1': { status: 200, body: { data: parcel('K1', { status: 'delivered', status_label: 'Livré' }) } },
      'GET /api/parcels/K1/states': {
        status: 200,
        body: {
          data: [
            { ...states[2], received_at: null },
            {
              status: 'delivered',
              status_label: 'Livré',
              comment: null,
              note: null,
              text: null,
              date: null,
              user_name: 'Youssef El Idrissi',
              // Recorded at 10:00 on the phone, sent when the network came back.
              created_at: '2026-03-04T10:00:00Z',
              received_at: '2026-03-04T12:30:00Z',
            },
          ],
        },
      },
    });
    renderWithProviders(<ParcelDrawer parcelKey="K1" onClose={() => {}} />, { session: merchantSession() });
    const entries = await historyEntries();
    const received = within(entries[0]).getByTestId('history-received');
    expect(received).toHaveTextContent(/^reçu par le serveur le .+/);
    expect(received.textContent).toContain(formatDate('2026-03-04T12:30:00Z', 'fr', { dateStyle: 'medium', timeStyle: 'short' }));
    // Sent at once: no such line.
    expect(within(entries[1]).queryByTestId('history-received')).not.toBeInTheDocument();
  });

  it('says what the confirmation agents did, and the price of the confirmation within the fees', async () => {
    mockServer({
      'GET /api/parcels/K2': {
        status: 200,
        body: { data: parcel('K2', { fees: { delivery: 4000, return: 1500, refusal: 2000 }, confirmation_fee: 500 }) },
      },
      'GET /api/parcels/K2/states': {
        status: 200,
        body: {
          data: [
            { status: 'to_confirm', status_label: 'À confirmer', comment: null, note: null, text: null, date: null, user_name: 'Samira Bennani', created_at: '2026-03-02T09:30:00Z' },
            { ...states[0], status: 'to_confirm', status_label: 'À confirmer', note: { code: 'confirmation_no_answer', values: { tries: 1 } }, created_at: '2026-03-02T10:00:00Z' },
            { ...states[0], status: 'to_confirm', status_label: 'À confirmer', note: { code: 'confirmation_corrected', values: { address: '7 rue Fès', phone: '0698765432' } }, created_at: '2026-03-02T12:00:00Z' },
            { ...states[0], note: { code: 'confirmed', values: {} }, user_name: 'Nadia Tazi', created_at: '2026-03-02T12:00:01Z' },
          ],
        },
      },
    });
    renderWithProviders(<ParcelDrawer parcelKey="K2" onClose={() => {}} />, { session: merchantSession() });
    const drawer = await screen.findByTestId('parcel-detail');
    expect(within(drawer).getByTestId('parcel-fee-confirmation')).toHaveTextContent('Dont confirmation de la commande');
    expect(within(drawer).getByTestId('parcel-fee-confirmation')).toHaveTextContent(/5,00.DH, compris dans chacun des frais ci-dessus/);
    const entries = await within(drawer).findAllByTestId('history-entry');
    expect(entries.map((entry) => entry.querySelector('[data-testid="history-note"]')?.textContent ?? null)).toEqual([
      'Commande confirmée par téléphone.',
      'Corrigé à la confirmation : 7 rue Fès, 0698765432',
      'Confirmation : pas de réponse (appel 1).',
      null,
    ]);
    expect(entries[3]).toHaveTextContent('À confirmer');
  });

  it('says nothing of a confirmation on a parcel nobody confirmed', async () => {
    serve();
    renderWithProviders(<ParcelDrawer parcelKey="K1" onClose={() => {}} />, { session: merchantSession() });
    const drawer = await screen.findByTestId('parcel-detail');
    expect(within(drawer).getByTestId('parcel-fees')).toBeInTheDocument();
    expect(within(drawer).queryByTestId('parcel-fee-confirmation')).not.toBeInTheDocument();
  });

  it('shows the office where the phone was and whether a failed attempt followed a call, or why not', async () => {
    const attempt = { ...states[2], note: null, text: null, user_name: 'Youssef El Idrissi' };
    mockServer({
      'GET /api/parcels/K1': { status: 200, body: { data: parcel('K1', { status: 'no_answer', status_label: 'Pas de réponse' }) } },
      'GET /api/parcels/K1/states': {
        status: 200,
        body: {
          data: [
            { ...attempt, status: 'no_answer', status_label: 'Pas de réponse', called: true, no_call_reason: null, position: { latitude: 33.5731, longitude: -7.5898, accuracy_m: 15 }, created_at: '2026-03-04T10:00:00Z' },
            { ...attempt, status: 'unreachable', status_label: 'Injoignable', called: false, no_call_reason: 'Téléphone sans crédit', position: { latitude: 33.6, longitude: -7.6, accuracy_m: null }, created_at: '2026-03-04T11:00:00Z' },
            { ...attempt, status: 'wrong_number', status_label: 'Numéro erroné', called: false, no_call_reason: null, position: null, created_at: '2026-03-04T12:00:00Z' },
            { ...attempt, status: 'postponed', status_label: 'Reporté', called: null, no_call_reason: null, position: null, created_at: '2026-03-04T13:00:00Z' },
          ],
        },
      },
    });
    renderWithProviders(<ParcelDrawer parcelKey="K1" onClose={() => {}} />, { session: adminSession() });
    const [postponed, withoutAnything, withReason, called] = await historyEntries();
    expect(within(called).getByTestId('history-call')).toHaveTextContent('Appel avant : oui');
    expect(within(called).getByTestId('history-position')).toHaveTextContent('Position : 33.57310, -7.58980 (± 15 m)');
    const map = within(called).getByRole('link', { name: '33.57310, -7.58980' });
    expect(map).toHaveAttribute('href', 'https://www.openstreetmap.org/?mlat=33.5731&mlon=-7.5898#map=17/33.5731/-7.5898');
    expect(map).toHaveAttribute('target', '_blank');
    expect(within(withReason).getByTestId('history-call')).toHaveTextContent('Sans appel : Téléphone sans crédit');
    // Accuracy unknown: none said.
    expect(within(withReason).getByTestId('history-position')).toHaveTextContent(/^Position : 33.60000, -7.60000$/);
    expect(within(withoutAnything).getByTestId('history-call')).toHaveTextContent('Appel avant : non');
    expect(within(withoutAnything).queryByTestId('history-position')).not.toBeInTheDocument();
    // Not a failed attempt (or not the office's view): nothing of the kind.
    expect(within(postponed).queryByTestId('history-call')).not.toBeInTheDocument();
  });
});
