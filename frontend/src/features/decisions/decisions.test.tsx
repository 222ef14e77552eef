import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adminSession, merchantSession } from '../../test/fixtures';
import { mockServer, type MockReply, type RecordedCall } from '../../test/mockServer';
import { renderWithProviders } from '../../test/render';
import { setViewportWidth } from '../../test/setup';
import { daysBefore, tomorrow } from '../../components/dates';
import type { DecisionRow } from '../../components/decision/api';
import { parcel } from '../../components/parcel/testData';
import DecisionsScreen from './DecisionsScreen';

const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

function row(key: string, outcome: DecisionRow['decision']['outcome'], overrides: Parameters<typeof parcel>[1] = {}, dueInHours = 20): DecisionRow {
  return {
    parcel: parcel(key, { status: outcome, status_label: outcome, attempts: 1, delivery_admin: 'D1', delivery_admin_name: 'Hamid Ouazzani', actions: ['state'], ...overrides }),
    decision: { outcome, opened_at: inHours(dueInHours - 24), due_at: inHours(dueInHours) },
  };
}

const NO_ANSWER = row('K1', 'no_answer', { recipient_name: 'Amina Benali', recipient_phone: '0612345678' });
const REFUSED = row('K2', 'refused', { recipient_name: 'Omar Tazi', recipient_phone: '0698765432', city_name: 'Rabat', attempts: 2 }, 2);

/** A keyset page of the decisions list (counted on page 1). */
function page(rows: DecisionRow[]): MockReply {
  return { status: 200, body: { data: rows, meta: { page: 1, per_page: 25, total: rows.length, total_capped: false, next_cursor: null } } };
}

/** The list answers `rows()` (read at each call: a decision takes its parcel out); `decide` answers the PUTs. */
function serve(rows: () => DecisionRow[], decide: (call: RecordedCall) => MockReply = (call) => ({ status: 200, body: { data: decided(call) } })) {
  return mockServer({
    'GET /api/parcels/decisions': () => page(rows()),
    'PUT /api/parcels/K1/decision': decide,
    'PUT /api/parcels/K2/decision': decide,
  });
}

/** What the server answers a decision: the parcel « programmé » on the date, or cancelled on a return. */
function decided(call: RecordedCall) {
  const body = call.body as { action: string; date?: string };
  const key = call.path.split('/')[3];
  return body.action === 'return'
    ? parcel(key, { status: 'cancelled', status_label: 'Annulé' })
    : parcel(key, { status: 'scheduled', status_label: 'Programmé', postponed_to: body.date ?? tomorrow() });
}

const rowOf = async (key: string) => {
  await waitFor(() => expect(screen.getAllByTestId('table-row').some((r) => r.getAttribute('data-key') === key)).toBe(true));
  return screen.getAllByTestId('table-row').find((r) => r.getAttribute('data-key') === key)!;
};

describe('« À décider »: the failed attempts waiting for a decision', () => {
  it('lists them with the outcome, the attempts, the deadline and a phone to call, and searches on the server', async () => {
    const server = serve(() => [NO_ANSWER, REFUSED]);
    renderWithProviders(<DecisionsScreen />, { session: merchantSession(), path: '/compte/colis-a-decider' });
    expect(await screen.findByRole('heading', { name: 'À décider' })).toBeInTheDocument();
    const first = await rowOf('K1');
    expect(screen.getAllByTestId('table-row')).toHaveLength(2);
    expect(server.callsTo('GET', '/api/parcels/decisions')[0].query).toEqual({ page: '1', per_page: '25' });
    expect(within(first).getByTestId('parcel-code')).toHaveTextContent('K1');
    expect(within(first).getByTestId('decision-outcome')).toHaveTextContent('Pas de réponse');
    expect(first).toHaveTextContent('Amina Benali');
    expect(within(first).getByRole('link', { name: /0612345678/ })).toHaveAttribute('href', 'tel:0612345678');
    expect(first).toHaveTextContent('Casablanca');
    expect(within(first).getByTestId('decision-attempts')).toHaveTextContent('1');
    expect(within(first).getByTestId('decision-due')).toHaveTextContent(/dans 20 heures/);
    const second = await rowOf('K2');
    expect(within(second).getByTestId('decision-outcome')).toHaveTextContent('Refusé');
    expect(within(second).getByTestId('decision-due')).toHaveTextContent(/dans 2 heures/);
    expect(second).toHaveTextContent('Rabat');
    // A merchant's own parcels: no merchant column.
    expect(screen.queryByRole('columnheader', { name: 'Marchand' })).not.toBeInTheDocument();
    for (const action of ['Nouvelle tentative K1', 'Nouvelles coordonnées K1', 'Retour au client K1']) {
      expect(within(first).getByRole('button', { name: action })).toBeInTheDocument();
    }

    // The search goes to the server as the other lists' does.
    await userEvent.setup().type(screen.getByTestId('table-search'), '0698{Enter}');
    await waitFor(() => expect(server.callsTo('GET', '/api/parcels/decisions').at(-1)?.query).toEqual({ page: '1', per_page: '25', q: '0698' }));
  });

  it('shows the merchant of each parcel to an admin, and cards on a phone', async () => {
    setViewportWidth(390);
    serve(() => [NO_ANSWER]);
    renderWithProviders(<DecisionsScreen />, { session: adminSession(), path: '/compte/colis-a-decider' });
    const card = await rowOf('K1');
    expect(card).toHaveAttribute('role', 'group');
    expect(card).toHaveTextContent('Atlas SARL');
    expect(card).toHaveTextContent('Marchand');
    expect(within(card).getByRole('button', { name: 'Retour au client K1' })).toBeInTheDocument();
  });

  it("narrows the list with the parcel lists' filters: the outcome, sent to the server", async () => {
    const user = userEvent.setup();
    const server = serve(() => [NO_ANSWER, REFUSED]);
    renderWithProviders(<DecisionsScreen />, { session: adminSession(), path: '/compte/colis-a-decider' });
    await rowOf('K1');
    expect(screen.getByTestId('parcel-filters')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Statut' }));
    await user.click(await screen.findByRole('option', { name: 'Refusé' }));
    await waitFor(() => expect(server.callsTo('GET', '/api/parcels/decisions').at(-1)?.query).toMatchObject({ status: 'refused' }));
  });

  it('schedules another attempt on the day chosen (tomorrow unless changed); the row leaves the list', async () => {
    const user = userEvent.setup();
    let rows = [NO_ANSWER, REFUSED];
    const server = serve(() => rows, (call) => {
      rows = rows.filter((r) => r.parcel.key !== 'K1');
      return { status: 200, body: { data: decided(call) } };
    });
    renderWithProviders(<DecisionsScreen />, { session: merchantSession(), path: '/compte/colis-a-decider' });
    await user.click(within(await rowOf('K1')).getByRole('button', { name: 'Nouvelle tentative K1' }));
    const dialog = await screen.findByTestId('decision-reattempt-dialog');
    expect(within(dialog).getByTestId('decision-intro')).toHaveTextContent('Amina Benali : « Pas de réponse ».');
    const date = within(dialog).getByTestId('decision-date');
    expect(date).toHaveValue(tomorrow());
    expect(date).toHaveAttribute('max', daysBefore(-14));
    await user.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(server.callsTo('PUT', '/api/parcels/K1/decision')).toHaveLength(1));
    expect(server.callsTo('PUT', '/api/parcels/K1/decision')[0].body).toEqual({ action: 'reattempt', date: tomorrow() });
    expect(await screen.findByTestId('resource-notice')).toHaveTextContent(/^Colis K1 programmé le .+\.$/);
    await waitFor(() => expect(screen.getAllByTestId('table-row').map((r) => r.getAttribute('data-key'))).toEqual(['K2']));
    await waitFor(() => expect(screen.queryByTestId('decision-reattempt-dialog')).not.toBeInTheDocument());

    // Another day, with a word for the delivery person.
    await user.click(within(await rowOf('K2')).getByRole('button', { name: 'Nouvelle tentative K2' }));
    const again = await screen.findByTestId('decision-reattempt-dialog');
    const day = daysBefore(-3);
    await user.clear(within(again).getByTestId('decision-date'));
    await user.type(within(again).getByTestId('decision-date'), day);
    await user.type(within(again).getByRole('textbox', { name: /Commentaire/ }), '  après 18 h ');
    await user.click(within(again).getByTestId('form-submit'));
    await waitFor(() => expect(server.callsTo('PUT', '/api/parcels/K2/decision')).toHaveLength(1));
    expect(server.callsTo('PUT', '/api/parcels/K2/decision')[0].body).toEqual({ action: 'reattempt', date: day, comment: 'après 18 h' });
  });

  it('refuses a day beyond 14 days before sending, and shows the server’s 422 under its field', async () => {
    const user = userEvent.setup();
    const server = serve(() => [NO_ANSWER], () => ({ status: 422, body: { message: 'Données invalides.', errors: { date: ['Dans les 14 jours au plus.'] } } }));
    renderWithProviders(<DecisionsScreen />, { session: merchantSession(), path: '/compte/colis-a-decider' });
    await user.click(within(await rowOf('K1')).getByRole('button', { name: 'Nouvelle tentative K1' }));
    const dialog = await screen.findByTestId('decision-reattempt-dialog');
    await user.clear(within(dialog).getByTestId('decision-date'));
    await user.type(within(dialog).getByTestId('decision-date'), daysBefore(-15));
    await user.click(within(dialog).getByTestId('form-submit'));
    expect(await within(dialog).findByText('Choisissez un jour d’aujourd’hui à dans 14 jours.')).toBeInTheDocument();
    expect(server.callsTo('PUT', '/api/parcels/K1/decision')).toHaveLength(0);

    await user.clear(within(dialog).getByTestId('decision-date'));
    await user.type(within(dialog).getByTestId('decision-date'), daysBefore(-2));
    await user.click(within(dialog).getByTestId('form-submit'));
    expect(await within(dialog).findByText('Dans les 14 jours au plus.')).toBeInTheDocument();
    expect(within(dialog).getByTestId('decision-date')).toHaveAttribute('aria-invalid', 'true');
  });

  it('sends only the contact details changed, with the day', async () => {
    const user = userEvent.setup();
    const server = serve(() => [NO_ANSWER, REFUSED]);
    renderWithProviders(<DecisionsScreen />, { session: merchantSession(), path: '/compte/colis-a-decider' });
    await user.click(within(await rowOf('K1')).getByRole('button', { name: 'Nouvelles coordonnées K1' }));
    const dialog = await screen.findByTestId('decision-update-dialog');
    const phone = within(dialog).getByRole('textbox', { name: /Téléphone/ });
    const address = within(dialog).getByRole('textbox', { name: /Adresse/ });
    expect(phone).toHaveValue('0612345678');
    expect(address).toHaveValue('12 rue des Orangers, Maarif');

    // Nothing changed: said, nothing sent.
    await user.click(within(dialog).getByTestId('form-submit'));
    expect(await within(dialog).findByText('Changez le téléphone ou l’adresse.')).toBeInTheDocument();
    expect(server.callsTo('PUT', '/api/parcels/K1/decision')).toHaveLength(0);

    // The same number written otherwise is no change; a new phone goes alone.
    await user.clear(phone);
    await user.type(phone, '06 61 22 33 44');
    await user.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(server.callsTo('PUT', '/api/parcels/K1/decision')).toHaveLength(1));
    expect(server.callsTo('PUT', '/api/parcels/K1/decision')[0].body).toEqual({ action: 'update', date: tomorrow(), recipient_phone: '06 61 22 33 44' });

    // A new address alone.
    await waitFor(() => expect(screen.queryByTestId('decision-update-dialog')).not.toBeInTheDocument());
    await user.click(within(await rowOf('K2')).getByRole('button', { name: 'Nouvelles coordonnées K2' }));
    const other = await screen.findByTestId('decision-update-dialog');
    const otherAddress = within(other).getByRole('textbox', { name: /Adresse/ });
    await user.clear(otherAddress);
    await user.type(otherAddress, '4 avenue Hassan II, Agdal');
    await user.click(within(other).getByTestId('form-submit'));
    await waitFor(() => expect(server.callsTo('PUT', '/api/parcels/K2/decision')).toHaveLength(1));
    expect(server.callsTo('PUT', '/api/parcels/K2/decision')[0].body).toEqual({ action: 'update', date: tomorrow(), address: '4 avenue Hassan II, Agdal' });
  });

  it('returns a parcel after confirmation, with an optional comment', async () => {
    const user = userEvent.setup();
    let rows = [NO_ANSWER, REFUSED];
    const server = serve(() => rows, (call) => {
      rows = rows.filter((r) => r.parcel.key !== 'K2');
      return { status: 200, body: { data: decided(call) } };
    });
    renderWithProviders(<DecisionsScreen />, { session: merchantSession(), path: '/compte/colis-a-decider' });
    await user.click(within(await rowOf('K2')).getByRole('button', { name: 'Retour au client K2' }));
    const dialog = await screen.findByTestId('decision-return-dialog');
    expect(dialog).toHaveTextContent('Retourner le colis K2 au client ?');
    expect(within(dialog).queryByTestId('decision-date')).not.toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Commentaire/ }), 'Client injoignable depuis 3 jours');
    await user.click(within(dialog).getByRole('button', { name: 'Retourner le colis' }));
    await waitFor(() => expect(server.callsTo('PUT', '/api/parcels/K2/decision')).toHaveLength(1));
    expect(server.callsTo('PUT', '/api/parcels/K2/decision')[0].body).toEqual({ action: 'return', comment: 'Client injoignable depuis 3 jours' });
    expect(await screen.findByTestId('resource-notice')).toHaveTextContent('Colis K2 : retour demandé.');
    await waitFor(() => expect(screen.getAllByTestId('table-row').map((r) => r.getAttribute('data-key'))).toEqual(['K1']));
  });

  it('says when the parcel was decided meanwhile (409) and asks the list again', async () => {
    const user = userEvent.setup();
    let rows = [NO_ANSWER, REFUSED];
    const server = serve(
      () => rows,
      () => {
        // The recipient chose another day on the tracking page a moment before.
        rows = [REFUSED];
        return { status: 409, body: { message: 'Ce colis n’attend plus de décision.' } };
      },
    );
    renderWithProviders(<DecisionsScreen />, { session: merchantSession(), path: '/compte/colis-a-decider' });
    await user.click(within(await rowOf('K1')).getByRole('button', { name: 'Nouvelle tentative K1' }));
    await user.click(within(await screen.findByTestId('decision-reattempt-dialog')).getByTestId('form-submit'));
    const notice = await screen.findByTestId('resource-notice');
    expect(notice).toHaveTextContent('Ce colis n’attend plus de décision.');
    await waitFor(() => expect(screen.queryByTestId('decision-reattempt-dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(server.callsTo('GET', '/api/parcels/decisions')).toHaveLength(2));
    await waitFor(() => expect(screen.getAllByTestId('table-row').map((r) => r.getAttribute('data-key'))).toEqual(['K2']));
  });

  it('says when no parcel waits for a decision, and when the list could not be loaded', async () => {
    serve(() => []);
    const { unmount } = renderWithProviders(<DecisionsScreen />, { session: merchantSession(), path: '/compte/colis-a-decider' });
    expect(await screen.findByTestId('table-empty')).toHaveTextContent("Aucun colis n'attend de décision.");
    unmount();

    mockServer({ 'GET /api/parcels/decisions': { status: 500, body: { message: 'Erreur du serveur.' } } });
    renderWithProviders(<DecisionsScreen />, { session: merchantSession(), path: '/compte/colis-a-decider' });
    expect(await screen.findByTestId('table-error')).toHaveTextContent('Erreur du serveur.');
  });
});
