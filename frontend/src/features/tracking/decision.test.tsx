import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { daysBefore, tomorrow } from '../../components/dates';
import { mockServer, type MockReply, type RecordedCall } from '../../test/mockServer';
import { renderApp } from '../../test/render';
import type { Tracking } from './api';

const CODE = 'CLV7K3QX9M2';
const UNTIL = '2026-03-04T15:00:00Z';

const failed: Tracking = {
  key: CODE,
  status: 'no_answer',
  status_label: 'Pas de réponse',
  city_name: 'Casablanca',
  created_at: '2026-03-02T09:30:00Z',
  decision_until: UNTIL,
  events: [
    { status: 'new', status_label: 'Nouveau colis', date: null, created_at: '2026-03-02T09:30:00Z' },
    { status: 'out_for_delivery', status_label: 'Mis en distribution', date: null, created_at: '2026-03-03T08:00:00Z' },
    { status: 'no_answer', status_label: 'Pas de réponse', date: null, created_at: '2026-03-03T15:00:00Z' },
  ],
};

/** The tracking once another day is chosen: « Programmé » on it, nothing to decide any more. */
function scheduled(date: string): Tracking {
  return {
    ...failed,
    status: 'scheduled',
    status_label: 'Programmé',
    decision_until: null,
    events: [...failed.events, { status: 'scheduled', status_label: 'Programmé', date, created_at: '2026-03-03T18:00:00Z' }],
  };
}

function serve(decide: (call: RecordedCall, index: number) => MockReply, tracking: Tracking | (() => Tracking) = failed) {
  return mockServer({
    'GET /api/user': { status: 401, body: { message: 'Unauthenticated.' } },
    [`GET /api/tracking/${CODE}`]: () => ({ status: 200, body: { data: typeof tracking === 'function' ? tracking() : tracking } }),
    [`POST /api/tracking/${CODE}/decision`]: decide,
  });
}

const card = () => screen.findByTestId('recipient-decision');

describe('the recipient’s choice on the tracking page, after a failed attempt', () => {
  it('with the right digits, sets another day and shows the parcel « Programmé » on it, with thanks', async () => {
    const user = userEvent.setup();
    const day = daysBefore(-3);
    const server = serve((call) => ({ status: 200, body: { data: scheduled((call.body as { date: string }).date) } }));
    renderApp(`/suivi/${CODE}`);
    const decision = await card();
    expect(decision).toHaveTextContent('La livraison a échoué : choisissez');
    expect(within(decision).getByTestId('recipient-decision-until')).toHaveTextContent(/Vous pouvez choisir jusqu’au .*2026/);
    const digits = within(decision).getByTestId('decision-digits');
    expect(digits).toHaveAttribute('inputmode', 'numeric');
    // Only digits, four at most.
    await user.type(digits, '5a6-789');
    expect(digits).toHaveValue('5678');

    await user.click(within(decision).getByTestId('decision-later'));
    const date = within(decision).getByTestId('decision-date');
    expect(date).toHaveValue(tomorrow());
    expect(date).toHaveAttribute('max', daysBefore(-14));
    await user.clear(date);
    await user.type(date, day);
    await user.type(within(decision).getByTestId('decision-note'), 'Après 18 h, sonner chez le voisin');
    await user.click(within(decision).getByTestId('decision-submit'));

    await waitFor(() => expect(server.callsTo('POST', `/api/tracking/${CODE}/decision`)).toHaveLength(1));
    expect(server.callsTo('POST', `/api/tracking/${CODE}/decision`)[0].body).toEqual({
      phone_last4: '5678',
      action: 'reattempt',
      date: day,
      note: 'Après 18 h, sonner chez le voisin',
    });
    expect(await screen.findByTestId('decision-notice')).toHaveTextContent(/^Merci ! Votre colis sera livré le .+\.$/);
    const result = screen.getByTestId('tracking-result');
    expect(within(result).getByTestId('parcel-status')).toHaveTextContent('Programmé');
    expect(within(result).getAllByTestId('tracking-event')[0]).toHaveTextContent('Prévu le');
    // Nothing left to decide: the card is gone; the tracking was not asked again.
    expect(screen.queryByTestId('recipient-decision')).not.toBeInTheDocument();
    expect(server.callsTo('GET', `/api/tracking/${CODE}`)).toHaveLength(1);
  });

  it('cancels after a confirmation', async () => {
    const user = userEvent.setup();
    const server = serve(() => ({ status: 200, body: { data: { ...failed, status: 'cancelled', status_label: 'Annulé', decision_until: null } } }));
    renderApp(`/suivi/${CODE}`);
    const decision = await card();
    await user.type(within(decision).getByTestId('decision-digits'), '5678');
    await user.click(within(decision).getByTestId('decision-cancel'));
    const dialog = await screen.findByTestId('decision-cancel-dialog');
    expect(dialog).toHaveTextContent('Vous ne voulez plus ce colis ?');
    expect(server.callsTo('POST', `/api/tracking/${CODE}/decision`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Oui, je ne le veux plus' }));
    await waitFor(() => expect(server.callsTo('POST', `/api/tracking/${CODE}/decision`)).toHaveLength(1));
    expect(server.callsTo('POST', `/api/tracking/${CODE}/decision`)[0].body).toEqual({ phone_last4: '5678', action: 'cancel' });
    expect(await screen.findByTestId('decision-notice')).toHaveTextContent('Merci, c’est noté : ce colis ne vous sera pas livré.');
    expect(within(screen.getByTestId('tracking-result')).getByTestId('parcel-status')).toHaveTextContent('Annulé');
  });

  it('asks for four digits before sending, and says when the code or the digits are wrong (404)', async () => {
    const user = userEvent.setup();
    const server = serve(() => ({ status: 404, body: { message: 'Introuvable.' } }));
    renderApp(`/suivi/${CODE}`);
    const decision = await card();
    await user.type(within(decision).getByTestId('decision-digits'), '12');
    await user.click(within(decision).getByTestId('decision-cancel'));
    expect(await within(decision).findByText('Tapez les 4 derniers chiffres de votre téléphone.')).toBeInTheDocument();
    expect(screen.queryByTestId('decision-cancel-dialog')).not.toBeInTheDocument();
    expect(server.callsTo('POST', `/api/tracking/${CODE}/decision`)).toHaveLength(0);

    await user.type(within(decision).getByTestId('decision-digits'), '34');
    await user.click(within(decision).getByTestId('decision-later'));
    await user.click(within(decision).getByTestId('decision-submit'));
    expect(await within(decision).findByTestId('recipient-decision-error')).toHaveTextContent('Code de suivi ou chiffres incorrects.');
    expect(within(decision).getByTestId('decision-digits')).toHaveAttribute('aria-invalid', 'true');
    expect(server.callsTo('POST', `/api/tracking/${CODE}/decision`)[0].body).toEqual({ phone_last4: '1234', action: 'reattempt', date: tomorrow() });
    // Still there to try again.
    expect(screen.getByTestId('recipient-decision')).toBeInTheDocument();
  });

  it('says how long to wait after too many wrong tries (429)', async () => {
    const user = userEvent.setup();
    serve(() => ({ status: 429, body: { message: 'Trop de tentatives.' }, headers: { 'Retry-After': '540' } }));
    renderApp(`/suivi/${CODE}`);
    const decision = await card();
    await user.type(within(decision).getByTestId('decision-digits'), '0000');
    await user.click(within(decision).getByTestId('decision-later'));
    await user.click(within(decision).getByTestId('decision-submit'));
    expect(await within(decision).findByTestId('recipient-decision-error')).toHaveTextContent('Trop d’essais. Réessayez dans 9 minutes.');
  });

  it('puts the server’s 422 under its field, and shows the page again when nothing waits any more (409)', async () => {
    const user = userEvent.setup();
    let decidedElsewhere = false;
    const server = serve(
      (_call, index) => {
        if (index === 0) return { status: 422, body: { message: 'Données invalides.', errors: { note: ['300 caractères au plus.'] } } };
        decidedElsewhere = true;
        return { status: 409, body: { message: 'Ce colis n’attend plus de décision.' } };
      },
      () => (decidedElsewhere ? scheduled(tomorrow()) : failed),
    );
    renderApp(`/suivi/${CODE}`);
    const decision = await card();
    await user.type(within(decision).getByTestId('decision-digits'), '5678');
    await user.click(within(decision).getByTestId('decision-later'));
    await user.type(within(decision).getByTestId('decision-note'), 'Un mot');
    await user.click(within(decision).getByTestId('decision-submit'));
    expect(await within(decision).findByText('300 caractères au plus.')).toBeInTheDocument();
    expect(within(decision).getByTestId('decision-note')).toHaveAttribute('aria-invalid', 'true');

    await user.click(within(decision).getByTestId('decision-submit'));
    expect(await screen.findByTestId('decision-notice')).toHaveTextContent('Ce colis n’attend plus de choix');
    await waitFor(() => expect(server.callsTo('GET', `/api/tracking/${CODE}`)).toHaveLength(2));
    await waitFor(() => expect(screen.queryByTestId('recipient-decision')).not.toBeInTheDocument());
    expect(within(screen.getByTestId('tracking-result')).getByTestId('parcel-status')).toHaveTextContent('Programmé');
  });

  it('offers no choice while nothing waits for a decision', async () => {
    serve(() => ({ status: 500 }), { ...failed, status: 'out_for_delivery', status_label: 'Mis en distribution', decision_until: null });
    renderApp(`/suivi/${CODE}`);
    expect(await screen.findByTestId('tracking-result')).toBeInTheDocument();
    expect(screen.queryByTestId('recipient-decision')).not.toBeInTheDocument();
  });

  it('reads in English once the language is switched', async () => {
    const user = userEvent.setup();
    serve(() => ({ status: 404 }));
    renderApp(`/suivi/${CODE}`);
    await card();
    await user.click(within(screen.getByRole('group', { name: 'Langue' })).getByRole('button', { name: 'EN' }));
    expect(await screen.findByText('The delivery failed: please choose')).toBeInTheDocument();
    expect(screen.getByTestId('decision-later')).toHaveTextContent('Be delivered another day');
  });
});
