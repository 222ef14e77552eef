import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { tomorrow } from '../../components/dates';
import { ROLE_ROUTES } from '../../navigation/routes';
import type { RouteDef } from '../../navigation/types';
import { deliverySession } from '../../test/fixtures';
import { mockServer, type RecordedCall } from '../../test/mockServer';
import { renderWithProviders } from '../../test/render';
import { setViewportWidth } from '../../test/setup';
import type { Parcel, ParcelStatus } from '../../components/parcel/api';
import { parcel, parcelPage } from '../../components/parcel/testData';
import { outcomesFor } from './OutcomeSheet';
import RoundScreen from './RoundScreen';

const route: RouteDef = ROLE_ROUTES['delivery-admin'].find((r) => r.name === 'sent-parcels')!;

const LABELS: Partial<Record<ParcelStatus, string>> = {
  delivered: 'Livré',
  no_answer: 'Pas de réponse',
  postponed: 'Reporté',
  refused: 'Refusé',
};

const out = (key: string, overrides: Partial<Parcel> = {}) =>
  parcel(key, { status: 'out_for_delivery', status_label: 'Mis en distribution', actions: ['state'], delivery_admin: 'D1', ...overrides });

/** The server's answer to an outcome: the parcel moved to it. */
function moved(call: RecordedCall) {
  const body = call.body as { parcel: string; status: ParcelStatus };
  return { status: 200, body: { data: out(body.parcel, { status: body.status, status_label: LABELS[body.status] ?? body.status, actions: [] }) } };
}

function renderRound() {
  return renderWithProviders(<RoundScreen route={route} />, { session: deliverySession(), path: '/compte/colis-expedies' });
}

describe("the delivery person's round", () => {
  it('offers the outcomes of a parcel he holds, in the order of the sheet', () => {
    expect(outcomesFor(out('K1'))).toEqual(['delivered', 'no_answer', 'unreachable', 'wrong_number', 'postponed', 'scheduled', 'refused', 'cancelled']);
    expect(outcomesFor(out('K1', { status: 'postponed' }))).not.toContain('postponed');
    expect(outcomesFor(out('K1', { actions: [] }))).toEqual([]);
    expect(outcomesFor(out('K1', { status: 'delivered' }))).toEqual([]);
  });

  it('shows one card per parcel on a phone: recipient, address, amount, a call link, the attempts', async () => {
    setViewportWidth(360);
    const server = mockServer({
      'GET /api/parcels': parcelPage([
        out('K1', { recipient_phone_alt: '0700000001', note: 'Sonner deux fois' }),
        out('K2', { status: 'no_answer', status_label: 'Pas de réponse', attempts: 2, recipient_name: 'Youssef Alami', cod_amount: 15000 }),
      ]),
    });
    renderRound();
    const cards = await screen.findAllByTestId('round-card');
    expect(server.callsTo('GET', '/api/parcels')[0].query).toEqual({ view: 'sent', page: '1', per_page: '25', sort: '-created_at' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('Amina Benali');
    expect(cards[0]).toHaveTextContent('Casablanca');
    expect(cards[0]).toHaveTextContent('12 rue des Orangers, Maarif');
    expect(within(cards[0]).getByTestId('round-amount')).toHaveTextContent('249,00 DH');
    expect(cards[0]).toHaveTextContent('« Sonner deux fois »');
    expect(within(cards[0]).getByTestId('round-call')).toHaveAttribute('href', 'tel:0612345678');
    expect(within(cards[0]).getByTestId('round-call-alt')).toHaveAttribute('href', 'tel:0700000001');
    expect(within(cards[0]).queryByTestId('round-attempts')).not.toBeInTheDocument();
    expect(within(cards[1]).getByTestId('round-attempts')).toHaveTextContent('2 tentatives');
    expect(screen.getByTestId('round-count')).toHaveTextContent('2 colis');
  });

  it('records "Livré" in two taps', async () => {
    const user = userEvent.setup();
    const server = mockServer({ 'GET /api/parcels': parcelPage([out('K1')]), 'POST /api/parcels/states': moved });
    renderRound();
    await user.click(await screen.findByTestId('round-outcome'));
    const sheet = await screen.findByTestId('outcome-body');
    await user.click(within(sheet).getByRole('button', { name: /^Livré · 249,00\sDH encaissés$/ }));
    await waitFor(() => expect(server.callsTo('POST', '/api/parcels/states')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/parcels/states')[0].body).toEqual({ parcel: 'K1', status: 'delivered' });
    expect(await screen.findByTestId('round-notice')).toHaveTextContent('Colis K1 : Livré.');
    // The list is asked again (the parcel leaves the round).
    await waitFor(() => expect(server.callsTo('GET', '/api/parcels').length).toBeGreaterThanOrEqual(2));
  });

  it('asks a date for a postponement (tomorrow first) and a reason for a refusal', async () => {
    const user = userEvent.setup();
    const server = mockServer({ 'GET /api/parcels': parcelPage([out('K1')]), 'POST /api/parcels/states': moved });
    renderRound();
    await user.click(await screen.findByTestId('round-outcome'));
    let sheet = await screen.findByTestId('outcome-body');
    await user.click(within(sheet).getByTestId('outcome-postponed'));
    expect(within(sheet).getByTestId('outcome-chosen')).toHaveTextContent('Reporté');
    expect(within(sheet).getByTestId('outcome-date')).toHaveValue(tomorrow());
    await user.type(within(sheet).getByTestId('outcome-comment'), 'Rappeler le matin');
    await user.click(within(sheet).getByTestId('outcome-submit'));
    await waitFor(() => expect(server.callsTo('POST', '/api/parcels/states')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/parcels/states')[0].body).toEqual({ parcel: 'K1', status: 'postponed', date: tomorrow(), comment: 'Rappeler le matin' });
    expect(await screen.findByTestId('round-notice')).toHaveTextContent('Colis K1 : Reporté.');
    await waitFor(() => expect(screen.queryByTestId('outcome-body')).not.toBeInTheDocument());

    await user.click(screen.getByTestId('round-outcome'));
    sheet = await screen.findByTestId('outcome-body');
    await user.click(within(sheet).getByTestId('outcome-refused'));
    expect(within(sheet).queryByTestId('outcome-date')).not.toBeInTheDocument();
    await user.click(within(sheet).getByTestId('outcome-submit'));
    expect(await within(sheet).findByText('Indiquez la raison.')).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/parcels/states')).toHaveLength(1);
    // The message goes as soon as a reason is typed, and comes back for an empty one.
    await user.type(within(sheet).getByTestId('outcome-comment'), 'A');
    expect(within(sheet).queryByText('Indiquez la raison.')).not.toBeInTheDocument();
    await user.clear(within(sheet).getByTestId('outcome-comment'));
    await user.click(within(sheet).getByTestId('outcome-submit'));
    expect(await within(sheet).findByText('Indiquez la raison.')).toBeInTheDocument();
    // A one-tap reason takes it away too.
    await user.click(within(sheet).getByRole('button', { name: 'Article non conforme' }));
    expect(within(sheet).queryByText('Indiquez la raison.')).not.toBeInTheDocument();
    await user.click(within(sheet).getByTestId('outcome-submit'));
    await waitFor(() => expect(server.callsTo('POST', '/api/parcels/states')).toHaveLength(2));
    expect(server.callsTo('POST', '/api/parcels/states')[1].body).toEqual({ parcel: 'K1', status: 'refused', comment: 'Article non conforme' });
  });

  it('shows a 409 in the sheet, a 422 under its field, and says when the attempts limit refused the parcel', async () => {
    const user = userEvent.setup();
    const server = mockServer({
      'GET /api/parcels': parcelPage([out('K1', { attempts: 2 })]),
      'POST /api/parcels/states': (_call, index) => {
        if (index === 0) return { status: 409, body: { message: 'Le colis a changé entre-temps : il est déjà livré.' } };
        if (index === 1) return { status: 422, body: { message: 'Données invalides.', errors: { date: ['La date ne peut pas être passée.'] } } };
        return { status: 200, body: { data: out('K1', { status: 'refused', status_label: 'Refusé', attempts: 3, actions: [] }) } };
      },
    });
    renderRound();
    await user.click(await screen.findByTestId('round-outcome'));
    const sheet = await screen.findByTestId('outcome-body');
    await user.click(within(sheet).getByTestId('outcome-delivered'));
    expect(await within(sheet).findByTestId('outcome-error')).toHaveTextContent('Le colis a changé entre-temps : il est déjà livré.');
    // The sheet stays open for another choice.
    await user.click(within(sheet).getByTestId('outcome-scheduled'));
    await user.click(within(sheet).getByTestId('outcome-submit'));
    expect(await within(sheet).findByText('La date ne peut pas être passée.')).toBeInTheDocument();
    expect(within(sheet).queryByTestId('outcome-error')).not.toBeInTheDocument();
    await user.click(within(sheet).getByRole('button', { name: 'Retour' }));
    // No call from the round yet: he calls from the sheet, then saves.
    await user.click(within(sheet).getByTestId('outcome-no_answer'));
    await user.click(within(sheet).getByTestId('outcome-call'));
    await user.click(await within(sheet).findByTestId('outcome-submit'));
    await waitFor(() => expect(server.callsTo('POST', '/api/parcels/states')).toHaveLength(3));
    expect(await screen.findByTestId('round-notice')).toHaveTextContent('Colis K1 : Refusé (nombre maximal de tentatives atteint).');
  });

  it('shows a pending address change with "J\'ai vu", and the empty and error states', async () => {
    const user = userEvent.setup();
    const changed = out('K5', { address_change_pending: true, actions: ['state', 'acknowledge-address'] });
    const server = mockServer({
      'GET /api/parcels': parcelPage([changed]),
      'PUT /api/parcels/K5/acknowledge-address': { status: 200, body: { data: { ...changed, address_change_pending: false } } },
    });
    const { unmount } = renderRound();
    const card = (await screen.findAllByTestId('round-card'))[0];
    expect(within(card).getByTestId('round-address-changed')).toHaveTextContent('Le marchand a modifié l’adresse ou le téléphone.');
    await user.click(within(card).getByTestId('round-acknowledge'));
    await waitFor(() => expect(server.callsTo('PUT', '/api/parcels/K5/acknowledge-address')).toHaveLength(1));
    expect(await screen.findByTestId('round-notice')).toHaveTextContent('Nouvelle adresse du colis K5 confirmée.');
    unmount();

    mockServer({ 'GET /api/parcels': parcelPage([]) });
    const empty = renderRound();
    expect(await screen.findByTestId('round-empty')).toHaveTextContent('Aucun colis en distribution.');
    empty.unmount();

    const failing = mockServer({ 'GET /api/parcels': [{ status: 500, body: { message: 'Erreur interne (réf. 42).' } }, parcelPage([out('K1')])] });
    renderRound();
    expect(await screen.findByTestId('round-error')).toHaveTextContent('Erreur interne (réf. 42).');
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByTestId('round-card')).toBeInTheDocument();
    expect(failing.callsTo('GET', '/api/parcels')).toHaveLength(2);
  });
});
