import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { merchantSession } from '../../test/fixtures';
import { mockServer } from '../../test/mockServer';
import { renderWithProviders } from '../../test/render';
import { setViewportWidth } from '../../test/setup';
import { PausedWebhooksNotice } from '../../components/webhooks/PausedWebhooksNotice';
import { WebhooksCard } from './WebhooksCard';

const webhook = (key: string, url: string, extra: object = {}) => ({
  key,
  url,
  events: ['parcel.status_changed'],
  active: true,
  paused_at: null,
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:00:00Z',
  ...extra,
});
const delivery = (key: string, extra: object = {}) => ({
  key,
  event_id: `evt_${key}`,
  event: 'parcel.status_changed',
  subject_key: 'CLV-7K2M9Q',
  status: 'delivered',
  attempts: 1,
  last_status_code: 200,
  last_error: null,
  last_response: 'ok',
  last_latency_ms: 42,
  last_attempt_at: '2026-11-25T08:00:00Z',
  next_attempt_at: null,
  created_at: '2026-11-25T08:00:00Z',
  history: [],
  ...extra,
});
const page = (data: unknown[]) => ({ status: 200, body: { data, meta: { page: 1, per_page: 100, total: data.length } } });

describe('webhooks card', () => {
  it('adds an endpoint with the chosen events, shows its secret once, and shows the server’s field errors', async () => {
    const user = userEvent.setup();
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: vi.fn().mockResolvedValue(undefined) } });
    let list: unknown[] = [];
    let calls = 0;
    const server = mockServer({
      'GET /api/webhooks': () => page(list),
      'POST /api/webhooks': (call) => {
        calls += 1;
        if (calls === 1) {
          return { status: 422, body: { message: 'invalide', errors: { url: ['Les adresses privées, locales ou réservées sont refusées.'] } } };
        }
        const created = webhook('W1', (call.body as { url: string }).url, { events: (call.body as { events: string[] }).events });
        list = [created];
        return { status: 201, body: { data: { ...created, secret: 'whsec_abc123' } } };
      },
    });
    renderWithProviders(<WebhooksCard />, { session: merchantSession() });
    expect(await screen.findByTestId('webhooks-empty')).toBeInTheDocument();
    const form = screen.getByTestId('webhook-form');
    await user.type(within(form).getByLabelText(/^Adresse de réception/), 'https://10.0.0.1/hook');
    await user.click(within(form).getByRole('checkbox', { name: 'Facture payée' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Résultat de livraison saisi' }));
    await user.click(within(form).getByRole('button', { name: 'Ajouter' }));
    expect(await within(form).findByText('Les adresses privées, locales ou réservées sont refusées.')).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/webhooks')[0].body).toEqual({
      url: 'https://10.0.0.1/hook',
      events: ['parcel.status_changed', 'invoice.paid'],
    });

    const url = within(form).getByLabelText(/^Adresse de réception/);
    await user.clear(url);
    await user.type(url, 'https://boutique.ma/colivra');
    await user.click(within(form).getByRole('button', { name: 'Ajouter' }));
    const dialog = await screen.findByTestId('webhook-secret-dialog');
    expect(within(dialog).getByTestId('webhook-secret-value')).toHaveValue('whsec_abc123');
    await user.click(within(dialog).getByRole('button', { name: 'J’ai copié le secret' }));
    await waitFor(() => expect(screen.queryByTestId('webhook-secret-dialog')).not.toBeInTheDocument());
    expect(screen.queryByDisplayValue('whsec_abc123')).not.toBeInTheDocument();
    const row = await screen.findByTestId('webhook-row');
    expect(row).toHaveTextContent('https://boutique.ma/colivra');
    expect(row).toHaveTextContent('Actif');
  });

  it('tells of a paused endpoint, turns it on again, and sends a failed delivery again from the log', async () => {
    const user = userEvent.setup();
    let paused: string | null = '2026-11-25T08:00:00Z';
    const server = mockServer({
      'GET /api/webhooks': () => page([webhook('W1', 'https://boutique.ma/hook', { paused_at: paused })]),
      'PUT /api/webhooks/W1': () => {
        paused = null;
        return { status: 200, body: { data: webhook('W1', 'https://boutique.ma/hook') } };
      },
      'GET /api/webhooks/W1/deliveries': page([
        delivery('D1', {
          status: 'failed',
          attempts: 31,
          last_status_code: 500,
          last_response: 'boom',
          last_latency_ms: 12,
          created_at: '2026-11-24T08:00:00Z',
        }),
      ]),
      'POST /api/webhooks/deliveries/D1/retry': { status: 202, body: { data: {} } },
    });
    renderWithProviders(<WebhooksCard />, { session: merchantSession() });
    expect(await screen.findByTestId('webhook-paused')).toHaveTextContent('https://boutique.ma/hook');
    const row = screen.getByTestId('webhook-row');
    expect(row).toHaveTextContent('Suspendu');

    await user.click(within(row).getByRole('button', { name: 'Journal' }));
    const log = await screen.findByTestId('webhook-log');
    const sent = await within(log).findByTestId('table-row');
    expect(sent).toHaveTextContent('Abandonné');
    expect(sent).toHaveTextContent('31 essais');
    expect(sent).toHaveTextContent('Dernière réponse : 500');
    await user.click(within(sent).getByRole('button', { name: 'Renvoyer Statut du colis changé CLV-7K2M9Q' }));
    expect(await within(log).findByText('Envoi relancé.')).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/webhooks/deliveries/D1/retry')).toHaveLength(1);
    // The dialog's own button (the notice has one of the same name).
    const closers = within(log).getAllByRole('button', { name: 'Fermer' });
    await user.click(closers[closers.length - 1]);

    await user.click(within(row).getByRole('button', { name: 'Activer' }));
    expect(server.callsTo('PUT', '/api/webhooks/W1')[0].body).toEqual({ active: true });
    await waitFor(() => expect(screen.queryByTestId('webhook-paused')).not.toBeInTheDocument());
  });

  it('names the parcel of each delivery and shows every attempt with the first bytes of its answer', async () => {
    const user = userEvent.setup();
    const server = mockServer({
      'GET /api/webhooks': page([webhook('W1', 'https://boutique.ma/hook')]),
      'GET /api/webhooks/W1/deliveries': page([
        delivery('D2', {
          attempts: 2,
          history: [
            { attempted_at: '2026-11-25T08:00:00Z', status_code: 500, error: null, response: '{"error":"base indisponible"}', latency_ms: 812 },
            { attempted_at: '2026-11-25T08:01:00Z', status_code: 200, error: null, response: 'ok', latency_ms: 42 },
          ],
        }),
        delivery('D1', { event: 'ping', subject_key: null, created_at: '2026-11-24T08:00:00Z' }),
      ]),
    });
    renderWithProviders(<WebhooksCard />, { session: merchantSession() });
    await user.click(within(await screen.findByTestId('webhook-row')).getByRole('button', { name: 'Journal' }));
    const log = await screen.findByTestId('webhook-log');
    expect(within(log).getByRole('columnheader', { name: 'Objet' })).toBeInTheDocument();
    const [parcelRow, pingRow] = await within(log).findAllByTestId('table-row');
    // The parcel's code, opening it in the merchant's parcel list.
    expect(within(parcelRow).getByRole('link', { name: 'CLV-7K2M9Q' })).toHaveAttribute('href', '/compte/tous-les-colis?colis=CLV-7K2M9Q');
    expect(within(pingRow).queryByTestId('webhook-delivery-subject')).not.toBeInTheDocument();
    expect(server.callsTo('GET', '/api/webhooks/W1/deliveries')[0].query).toMatchObject({ page: '1', per_page: '25' });

    await user.click(within(parcelRow).getByRole('button', { name: 'Voir les essais Statut du colis changé CLV-7K2M9Q' }));
    const dialog = await screen.findByTestId('webhook-attempts');
    expect(dialog).toHaveTextContent('CLV-7K2M9Q');
    expect(dialog).toHaveTextContent('evt_D2');
    const attempts = within(dialog).getAllByTestId('webhook-attempt');
    expect(attempts).toHaveLength(2);
    expect(attempts[0]).toHaveTextContent('Essai 1');
    expect(within(attempts[0]).getByTestId('webhook-attempt-status')).toHaveTextContent('HTTP 500');
    expect(within(attempts[0]).getByTestId('webhook-attempt-latency')).toHaveTextContent('812 ms');
    const answer = within(attempts[0]).getByTestId('webhook-attempt-response');
    expect(answer).toHaveTextContent('{"error":"base indisponible"}');
    expect(answer).toHaveAttribute('dir', 'ltr');
    expect(attempts[1]).toHaveTextContent('Essai 2');
    expect(within(attempts[1]).getByTestId('webhook-attempt-status')).toHaveTextContent('HTTP 200');
    expect(within(attempts[1]).getByTestId('webhook-attempt-latency')).toHaveTextContent('42 ms');
    expect(within(attempts[1]).getByTestId('webhook-attempt-response')).toHaveTextContent('ok');
    await user.click(within(dialog).getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(screen.queryByTestId('webhook-attempts')).not.toBeInTheDocument());
    expect(screen.getByTestId('webhook-log')).toBeInTheDocument();
  });

  it('puts the parcel on a line of each delivery’s card on a phone, and opens its attempts from the card', async () => {
    setViewportWidth(390);
    const user = userEvent.setup();
    mockServer({
      'GET /api/webhooks': page([webhook('W1', 'https://boutique.ma/hook')]),
      'GET /api/webhooks/W1/deliveries': page([
        delivery('D1', {
          history: [{ attempted_at: '2026-11-25T08:00:00Z', status_code: null, error: 'délai dépassé', response: null, latency_ms: 10000 }],
          status: 'pending',
          last_status_code: null,
          last_error: 'délai dépassé',
          next_attempt_at: '2026-11-25T08:05:00Z',
        }),
      ]),
    });
    renderWithProviders(<WebhooksCard />, { session: merchantSession() });
    await user.click(within(await screen.findByTestId('webhook-row')).getByRole('button', { name: 'Journal' }));
    const card = await within(await screen.findByTestId('webhook-log')).findByTestId('table-row');
    expect(within(card).getByText('Objet')).toBeInTheDocument();
    expect(within(card).getByTestId('webhook-delivery-subject')).toHaveTextContent('CLV-7K2M9Q');
    expect(card).toHaveTextContent('Erreur : délai dépassé');
    await user.click(within(card).getByRole('button', { name: /^Voir les essais/ }));
    const attempt = within(await screen.findByTestId('webhook-attempts')).getByTestId('webhook-attempt');
    expect(within(attempt).getByTestId('webhook-attempt-error')).toHaveTextContent('Erreur : délai dépassé');
    expect(within(attempt).queryByTestId('webhook-attempt-status')).not.toBeInTheDocument();
    expect(within(attempt).queryByTestId('webhook-attempt-response')).not.toBeInTheDocument();
  });

  it('puts a notice on the dashboard only while a webhook is paused', async () => {
    mockServer({ 'GET /api/webhooks': page([webhook('W1', 'https://a.ma/h', { paused_at: '2026-11-25T08:00:00Z' })]) });
    renderWithProviders(<PausedWebhooksNotice />, { session: merchantSession() });
    expect(await screen.findByTestId('dashboard-webhook-paused')).toHaveTextContent('Un webhook est suspendu');
  });

  it('puts no notice when every webhook delivers', async () => {
    const server = mockServer({ 'GET /api/webhooks': page([webhook('W1', 'https://a.ma/h')]) });
    renderWithProviders(<PausedWebhooksNotice />, { session: merchantSession() });
    await waitFor(() => expect(server.callsTo('GET', '/api/webhooks')).toHaveLength(1));
    expect(screen.queryByTestId('dashboard-webhook-paused')).not.toBeInTheDocument();
  });
});
