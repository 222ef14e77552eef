import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { merchantSession } from '../../test/fixtures';
import { mockServer } from '../../test/mockServer';
import { renderWithProviders } from '../../test/render';
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
        {
          key: 'D1',
          event_id: 'evt_123',
          event: 'parcel.status_changed',
          status: 'failed',
          attempts: 31,
          last_status_code: 500,
          last_error: null,
          last_response: 'boom',
          last_latency_ms: 12,
          last_attempt_at: '2026-11-25T08:00:00Z',
          next_attempt_at: null,
          created_at: '2026-11-24T08:00:00Z',
        },
      ]),
      'POST /api/webhooks/deliveries/D1/retry': { status: 202, body: { data: {} } },
    });
    renderWithProviders(<WebhooksCard />, { session: merchantSession() });
    expect(await screen.findByTestId('webhook-paused')).toHaveTextContent('https://boutique.ma/hook');
    const row = screen.getByTestId('webhook-row');
    expect(row).toHaveTextContent('Suspendu');

    await user.click(within(row).getByRole('button', { name: 'Journal' }));
    const log = await screen.findByTestId('webhook-log');
    const delivery = await within(log).findByTestId('webhook-delivery');
    expect(delivery).toHaveTextContent('Abandonné');
    expect(delivery).toHaveTextContent('31 essais');
    expect(delivery).toHaveTextContent('Dernière réponse : 500');
    await user.click(within(delivery).getByRole('button', { name: 'Renvoyer' }));
    expect(await within(log).findByText('Envoi relancé.')).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/webhooks/deliveries/D1/retry')).toHaveLength(1);
    // The dialog's own button (the notice has one of the same name).
    const closers = within(log).getAllByRole('button', { name: 'Fermer' });
    await user.click(closers[closers.length - 1]);

    await user.click(within(row).getByRole('button', { name: 'Activer' }));
    expect(server.callsTo('PUT', '/api/webhooks/W1')[0].body).toEqual({ active: true });
    await waitFor(() => expect(screen.queryByTestId('webhook-paused')).not.toBeInTheDocument());
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
