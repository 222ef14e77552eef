import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { adminSession } from '../../test/fixtures';
import { listReply } from '../../test/listReply';
import { mockServer, type RecordedCall } from '../../test/mockServer';
import { renderWithProviders } from '../../test/render';
import { setViewportWidth } from '../../test/setup';
import type { SentMessage } from './api';
import MessagesScreen from './MessagesScreen';

function message(key: string, overrides: Partial<SentMessage> = {}): SentMessage {
  return {
    key,
    channel: 'email',
    kind: 'invoice_paid',
    recipient: 'samira@example.ma',
    language: 'fr',
    subject: 'Votre facture FC-2026-000012 est payée',
    status: 'sent',
    attempts: 1,
    last_error: null,
    next_attempt_at: null,
    sent_at: '2026-12-20T09:31:00Z',
    created_at: '2026-12-20T09:30:00Z',
    history: [{ attempted_at: '2026-12-20T09:31:00Z', error: null, latency_ms: 184 }],
    ...overrides,
  };
}

const FAILED = message('OM2', {
  kind: 'password_reset',
  recipient: 'karim@example.ma',
  subject: 'Choisissez un nouveau mot de passe',
  status: 'failed',
  attempts: 2,
  last_error: '550 5.1.1 mailbox unavailable',
  sent_at: null,
  history: [
    { attempted_at: '2026-12-20T10:00:00Z', error: '451 4.7.1 try again later', latency_ms: 1200 },
    { attempted_at: '2026-12-20T10:05:00Z', error: '550 5.1.1 mailbox unavailable', latency_ms: 950 },
  ],
});
const COPY = message('OM3', { kind: 'password_reset', recipient: 'karim@example.ma', status: 'pending', attempts: 0, sent_at: null, history: [] });

/** The address's query, as the list writes it. */
function SearchProbe() {
  return <output data-testid="search">{useLocation().search}</output>;
}

function serve() {
  return mockServer({
    'GET /api/messages': (call: RecordedCall) => {
      const rows = [message('OM1'), FAILED].filter((row) => !call.query.status || row.status === call.query.status);
      return listReply(rows, call.query);
    },
    'POST /api/messages/OM2/resend': { status: 200, body: { data: COPY } },
  });
}

const search = () => screen.getByTestId('search').textContent ?? '';

describe('« Messages envoyés » (admin)', () => {
  it('keeps its filters in the address and asks the server with them', async () => {
    const user = userEvent.setup();
    const server = serve();
    renderWithProviders(
      <>
        <MessagesScreen />
        <SearchProbe />
      </>,
      { session: adminSession(), path: '/compte/messages?status=failed' },
    );
    // The status read from the address.
    await waitFor(() => expect(screen.getAllByTestId('table-row')).toHaveLength(1));
    expect(server.callsTo('GET', '/api/messages')[0].query).toMatchObject({ status: 'failed', page: '1' });
    expect(screen.getByTestId('table-row')).toHaveTextContent('karim@example.ma');
    expect(within(screen.getByTestId('table-row')).getByTestId('message-status')).toHaveTextContent('Échec');

    await user.click(screen.getByRole('combobox', { name: 'Canal' }));
    await user.click(await screen.findByRole('option', { name: 'E-mail' }));
    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Mot de passe oublié' }));
    await waitFor(() => expect(new URLSearchParams(search()).get('kind')).toBe('password_reset'));
    expect(new URLSearchParams(search()).get('channel')).toBe('email');
    expect(new URLSearchParams(search()).get('status')).toBe('failed');
    await waitFor(() =>
      expect(server.callsTo('GET', '/api/messages').at(-1)?.query).toMatchObject({ channel: 'email', kind: 'password_reset', status: 'failed' }),
    );

    // The recipient searched (q), in the address too.
    await user.type(screen.getByTestId('table-search'), 'karim{Enter}');
    await waitFor(() => expect(new URLSearchParams(search()).get('q')).toBe('karim'));
    await waitFor(() => expect(server.callsTo('GET', '/api/messages').at(-1)?.query).toMatchObject({ q: 'karim', kind: 'password_reset' }));
  });

  it('opens a message with its attempts and sends it again (POST …/resend), the list asked again', async () => {
    const user = userEvent.setup();
    const server = serve();
    renderWithProviders(<MessagesScreen />, { session: adminSession(), path: '/compte/messages' });
    await waitFor(() => expect(screen.getAllByTestId('table-row')).toHaveLength(2));
    const loads = server.callsTo('GET', '/api/messages').length;
    await user.click(screen.getAllByTestId('table-row').find((row) => row.getAttribute('data-key') === 'OM2')!);

    const drawer = await screen.findByTestId('message-drawer');
    expect(within(drawer).getByRole('heading', { name: 'Message à karim@example.ma' })).toBeInTheDocument();
    expect(within(drawer).getByText('Choisissez un nouveau mot de passe')).toBeInTheDocument();
    expect(within(drawer).getByTestId('message-last-error')).toHaveTextContent('550 5.1.1 mailbox unavailable');
    const attempts = within(drawer).getAllByTestId('message-attempt');
    expect(attempts).toHaveLength(2);
    expect(attempts[0]).toHaveTextContent('Tentative 1');
    expect(attempts[0]).toHaveTextContent('451 4.7.1 try again later');
    expect(attempts[1]).toHaveTextContent('950 ms');

    await user.click(within(drawer).getByRole('button', { name: 'Renvoyer' }));
    await waitFor(() => expect(server.callsTo('POST', '/api/messages/OM2/resend')).toHaveLength(1));
    expect(await screen.findByTestId('messages-notice')).toHaveTextContent('Message renvoyé à karim@example.ma');
    // The list is asked again, and the drawer shows the copy waiting to be sent.
    await waitFor(() => expect(server.callsTo('GET', '/api/messages').length).toBeGreaterThan(loads));
    expect(within(drawer).getByTestId('message-status')).toHaveTextContent('En attente');
    expect(within(drawer).getByTestId('message-no-attempt')).toBeInTheDocument();
  });

  it('says a refused resend, and a list that failed to load with its retry', async () => {
    const user = userEvent.setup();
    mockServer({
      'GET /api/messages': [{ status: 500, body: { message: 'Erreur interne.' } }, listReply([FAILED]), listReply([])],
      'POST /api/messages/OM2/resend': { status: 409, body: { message: 'Ce message ne peut pas être renvoyé.' } },
    });
    renderWithProviders(<MessagesScreen />, { session: adminSession(), path: '/compte/messages' });
    expect(await screen.findByTestId('table-error')).toHaveTextContent('Erreur interne.');
    await user.click(within(screen.getByTestId('table-error')).getByRole('button', { name: 'Réessayer' }));
    await user.click(await screen.findByTestId('table-row'));
    await user.click(within(await screen.findByTestId('message-drawer')).getByRole('button', { name: 'Renvoyer' }));
    expect(await screen.findByTestId('messages-notice')).toHaveTextContent('Ce message ne peut pas être renvoyé.');
  });

  it('shows cards on a phone, the recipient heading each one', async () => {
    setViewportWidth(390);
    serve();
    renderWithProviders(<MessagesScreen />, { session: adminSession(), path: '/compte/messages' });
    await waitFor(() => expect(screen.getAllByTestId('table-row')).toHaveLength(2));
    const card = screen.getAllByTestId('table-row')[1];
    expect(card).toHaveAttribute('role', 'group');
    expect(card).toHaveTextContent('karim@example.ma');
    // The filters are in the sheet behind « Filtres ».
    expect(screen.queryByRole('combobox', { name: 'Canal' })).not.toBeInTheDocument();
  });

  it('says when no message was sent', async () => {
    mockServer({ 'GET /api/messages': (call) => listReply([], call.query) });
    renderWithProviders(<MessagesScreen />, { session: adminSession(), path: '/compte/messages' });
    expect(await screen.findByTestId('table-empty')).toHaveTextContent('Aucun message envoyé pour l’instant.');
  });
});
