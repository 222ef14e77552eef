import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import ContentLayout from '../../layouts/ContentLayout';
import { adminSession, merchantSession, deliverySession } from '../../test/fixtures';
import { listReply } from '../../test/listReply';
import { mockServer } from '../../test/mockServer';
import { renderWithProviders } from '../../test/render';
import { setViewportWidth } from '../../test/setup';
import { parcel } from '../../components/parcel/testData';
import type { TicketDetail, TicketMessage, TicketView } from '../../components/support/api';
import { ParcelTickets } from '../../components/support/ParcelTickets';
import SupportScreen from './SupportScreen';

function ticket(key: string, overrides: Partial<TicketView> = {}): TicketView {
  return {
    key,
    code: `TK${key.padStart(6, '0')}`,
    subject: 'Colis non livré',
    category: 'parcel',
    category_label: 'Colis',
    status: 'open',
    status_label: 'Ouvert',
    parcel: { key: 'CL000123', code: 'CL000123' },
    client: { key: 'M1', name: 'Salma Berrada', company: 'Atlas Shop' },
    last_message: { body: 'Mon colis est bloqué depuis 3 jours.', author: { name: 'Salma Berrada', role: 'client' }, created_at: '2026-11-24T09:00:00Z' },
    unread: false,
    messages_count: 1,
    created_at: '2026-11-24T09:00:00Z',
    updated_at: '2026-11-24T09:00:00Z',
    ...overrides,
  };
}

function message(key: string, overrides: Partial<TicketMessage> = {}): TicketMessage {
  return {
    key,
    author: { name: 'Salma Berrada', role: 'client' },
    body: 'Mon colis est bloqué depuis 3 jours.',
    created_at: '2026-11-24T09:00:00Z',
    mine: true,
    deletable: false,
    ...overrides,
  };
}

function detail(key: string, messages: TicketMessage[], overrides: Partial<TicketView> = {}): TicketDetail {
  return { ...ticket(key, overrides), messages };
}

describe('support tickets', () => {
  it('lets a merchant open a ticket about one of his parcels, picked by code', async () => {
    const user = userEvent.setup();
    let created: TicketDetail | null = null;
    const server = mockServer({
      'GET /api/tickets': (call) => listReply(created ? [created] : [], call.query),
      'GET /api/parcels': (call) =>
        listReply(call.query.q === 'CL0001' ? [parcel('CL000123', { recipient_name: 'Amina Tazi', city_name: 'Rabat' })] : [], call.query),
      'POST /api/tickets': (call) => {
        const body = call.body as { subject: string; message: string };
        created = detail('1', [message('m1', { body: body.message })], { subject: body.subject, unread: false });
        return { status: 201, body: { data: created } };
      },
      'GET /api/tickets/1': () => ({ status: 200, body: { data: created } }),
    });
    renderWithProviders(<SupportScreen />, { session: merchantSession(), path: '/compte/support' });
    expect(await screen.findByTestId('table-empty')).toHaveTextContent('Aucun ticket dans cette liste.');

    await user.click(screen.getByTestId('new-ticket'));
    const dialog = await screen.findByTestId('new-ticket-dialog');
    await user.type(within(dialog).getByLabelText(/^Objet/), 'Colis non livré');
    await user.click(within(dialog).getByRole('combobox', { name: /^Catégorie/ }));
    await user.click(await screen.findByRole('option', { name: 'Colis' }));
    await user.type(within(dialog).getByRole('combobox', { name: /^Colis/ }), 'CL0001');
    await user.click(await screen.findByRole('option', { name: /CL000123/ }));
    await user.type(within(dialog).getByLabelText(/^Message/), 'Mon colis est bloqué depuis 3 jours.');
    await user.click(within(dialog).getByTestId('form-submit'));

    await waitFor(() => expect(server.callsTo('POST', '/api/tickets')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/tickets')[0].body).toEqual({
      subject: 'Colis non livré',
      category: 'parcel',
      parcel: 'CL000123',
      message: 'Mon colis est bloqué depuis 3 jours.',
    });
    // The new ticket's conversation opens.
    expect(await screen.findByTestId('ticket-subject')).toHaveTextContent('Colis non livré');
    expect(screen.getByTestId('location')).toHaveTextContent('/compte/support');
    expect(screen.getByTestId('ticket-parcel')).toHaveTextContent('CL000123');
    expect(await screen.findByTestId('support-notice')).toHaveTextContent('Ticket TK000001 envoyé.');
  });

  it('shows the 422 of each field under it', async () => {
    const user = userEvent.setup();
    mockServer({
      'GET /api/tickets': listReply([]),
      'POST /api/tickets': {
        status: 422,
        body: { message: 'Données invalides.', errors: { subject: ['L’objet est obligatoire.'], message: ['Le message est trop long.'] } },
      },
    });
    renderWithProviders(<SupportScreen />, { session: merchantSession(), path: '/compte/support' });
    await user.click(await screen.findByTestId('new-ticket'));
    const dialog = await screen.findByTestId('new-ticket-dialog');
    await user.type(within(dialog).getByLabelText(/^Objet/), ' ');
    await user.type(within(dialog).getByLabelText(/^Message/), 'x');
    await user.click(within(dialog).getByTestId('form-submit'));
    expect(await within(within(dialog).getByTestId('field-subject')).findByText('L’objet est obligatoire.')).toBeInTheDocument();
    expect(within(within(dialog).getByTestId('field-message')).getByText('Le message est trop long.')).toBeInTheDocument();
  });

  it('lists every ticket for the admin, with filters, unread markers and the merchant', async () => {
    const user = userEvent.setup();
    const server = mockServer({
      'GET /api/tickets': (call) =>
        listReply(call.query.unread === 'true' ? [ticket('2', { unread: true, subject: 'Facture manquante' })] : [ticket('1'), ticket('2', { unread: true, subject: 'Facture manquante' })], call.query),
    });
    renderWithProviders(<SupportScreen />, { session: adminSession(), path: '/compte/support' });
    const rows = await screen.findAllByTestId('table-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('TK000001');
    expect(rows[0]).toHaveTextContent('Atlas Shop');
    expect(within(rows[0]).queryByTestId('ticket-unread')).toBeNull();
    expect(within(rows[1]).getByTestId('ticket-unread')).toBeInTheDocument();
    expect(screen.queryByTestId('new-ticket')).toBeNull();

    await user.click(screen.getByRole('combobox', { name: 'Lecture' }));
    await user.click(await screen.findByRole('option', { name: 'Non lus seulement' }));
    await waitFor(() => expect(server.callsTo('GET', '/api/tickets').at(-1)!.query).toMatchObject({ unread: 'true', page: '1' }));
    await user.click(screen.getByRole('combobox', { name: 'Statut' }));
    await user.click(await screen.findByRole('option', { name: 'Répondu' }));
    await waitFor(() => expect(server.callsTo('GET', '/api/tickets').at(-1)!.query).toMatchObject({ unread: 'true', status: 'answered' }));
  });

  it('lets the admin read the conversation with the parcel at hand, reply and close', async () => {
    const user = userEvent.setup();
    let current = detail('1', [message('m1', { mine: false, deletable: false })], { unread: true });
    const server = mockServer({
      'GET /api/tickets/1': () => ({ status: 200, body: { data: current } }),
      'POST /api/tickets/1/messages': (call) => {
        const body = (call.body as { body: string }).body;
        current = {
          ...current,
          status: 'answered',
          status_label: 'Répondu',
          messages: [...current.messages, message('m2', { body, mine: true, deletable: true, author: { name: 'Karim Alaoui', role: 'admin' } })],
        };
        return { status: 201, body: { data: current } };
      },
      'GET /api/parcels/CL000123': { status: 200, body: { data: parcel('CL000123', { status: 'postponed', status_label: 'Reporté' }) } },
      'PUT /api/tickets': (call) => {
        current = { ...current, status: 'closed', status_label: 'Clôturé' };
        return { status: 200, body: { data: { ...current, ...(call.body as object) } } };
      },
    });
    renderWithProviders(<SupportScreen />, { session: adminSession(), path: '/compte/support?ticket=1' });
    expect(await screen.findByTestId('ticket-subject')).toHaveTextContent('Colis non livré');
    expect(screen.getByTestId('ticket-merchant')).toHaveTextContent('Atlas Shop · Salma Berrada');
    expect(screen.getByTestId('ticket-parcel')).toHaveTextContent('Colis concernéCL000123');
    expect(screen.getByTestId('ticket-parcel-link')).toHaveAttribute('href', '/compte/tous-les-colis?colis=CL000123');
    expect(await within(screen.getByTestId('ticket-parcel')).findByTestId('parcel-status')).toHaveTextContent('Reporté');
    const first = screen.getByTestId('ticket-message');
    expect(first).toHaveAttribute('data-mine', 'false');
    expect(within(first).queryByTestId('ticket-message-delete')).toBeNull();

    await user.type(screen.getByTestId('ticket-reply-input'), 'Nous relançons le livreur aujourd’hui.');
    await user.click(screen.getByTestId('ticket-reply-send'));
    await waitFor(() => expect(server.callsTo('POST', '/api/tickets/1/messages')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/tickets/1/messages')[0].body).toEqual({ body: 'Nous relançons le livreur aujourd’hui.' });
    await waitFor(() => expect(screen.getAllByTestId('ticket-message')).toHaveLength(2));
    expect(screen.getByTestId('ticket-status')).toHaveAttribute('data-status', 'answered');
    expect(screen.getByTestId('ticket-reply-input')).toHaveValue('');

    await user.click(screen.getByTestId('ticket-close'));
    await waitFor(() => expect(server.callsTo('PUT', '/api/tickets')).toHaveLength(1));
    expect(server.callsTo('PUT', '/api/tickets')[0].body).toEqual({ key: '1', status: 'closed' });
    expect(await screen.findByTestId('ticket-closed-note')).toHaveTextContent('Le marchand peut le rouvrir');
    expect(screen.queryByTestId('ticket-reply')).toBeNull();
  });

  it('offers to delete only the merchant’s own unanswered messages, says the rule, and reopens a closed ticket', async () => {
    const user = userEvent.setup();
    let current = detail(
      '1',
      [
        message('m1', { deletable: false, body: 'Premier message' }),
        message('m2', { mine: false, author: { name: 'Support Colivra', role: 'admin' }, body: 'Réponse' }),
        message('m3', { deletable: true, body: 'Oups, doublon' }),
      ],
      { status: 'closed', status_label: 'Clôturé' },
    );
    const server = mockServer({
      'GET /api/tickets/1': () => ({ status: 200, body: { data: current } }),
      'DELETE /api/tickets/1/messages/m3': () => {
        current = { ...current, messages: current.messages.slice(0, 2) };
        return { status: 204 };
      },
      'PUT /api/tickets': () => {
        current = { ...current, status: 'open', status_label: 'Ouvert' };
        return { status: 200, body: { data: current } };
      },
    });
    renderWithProviders(<SupportScreen />, { session: merchantSession(), path: '/compte/support?ticket=1' });
    const messages = await screen.findAllByTestId('ticket-message');
    expect(messages).toHaveLength(3);
    expect(within(messages[0]).queryByTestId('ticket-message-delete')).toBeNull();
    expect(within(messages[1]).queryByTestId('ticket-message-delete')).toBeNull();
    expect(within(messages[2]).getByTestId('ticket-message-delete')).toBeInTheDocument();
    expect(screen.getByTestId('ticket-delete-rule')).toHaveTextContent('tant que l’autre partie n’a pas répondu');
    expect(screen.getByTestId('ticket-closed-note')).toHaveTextContent('Écrire un message le rouvre.');

    await user.click(within(messages[2]).getByTestId('ticket-message-delete'));
    const confirm = await screen.findByTestId('confirm-dialog');
    await user.click(within(confirm).getByTestId('confirm-submit'));
    await waitFor(() => expect(server.callsTo('DELETE', '/api/tickets/1/messages/m3')).toHaveLength(1));
    await waitFor(() => expect(screen.getAllByTestId('ticket-message')).toHaveLength(2));

    await user.click(screen.getByTestId('ticket-reopen'));
    await waitFor(() => expect(server.callsTo('PUT', '/api/tickets')[0].body).toEqual({ key: '1', status: 'open' }));
    expect(await screen.findByTestId('ticket-close')).toBeInTheDocument();
  });

  it('sends the reply with Ctrl+Enter through the form: an empty reply and the server’s refusal are focused and said', async () => {
    const user = userEvent.setup();
    let current = detail('1', [message('m1', { mine: false, deletable: false, author: { name: 'Support Colivra', role: 'admin' } })]);
    const server = mockServer({
      'GET /api/tickets/1': () => ({ status: 200, body: { data: current } }),
      'GET /api/parcels/CL000123': { status: 200, body: { data: parcel('CL000123') } },
      'POST /api/tickets/1/messages': (call, index) => {
        if (index === 0) return { status: 422, body: { message: 'Données invalides.', errors: { body: ['Le message contient un lien interdit.'] } } };
        current = { ...current, messages: [...current.messages, message('m2', { body: (call.body as { body: string }).body })] };
        return { status: 201, body: { data: current } };
      },
    });
    renderWithProviders(<SupportScreen />, { session: merchantSession(), path: '/compte/support?ticket=1' });
    const input = await screen.findByTestId('ticket-reply-input');
    const reply = screen.getByTestId('ticket-reply');
    const announcer = within(reply).getByTestId('form-announcer');

    // Nothing typed: Ctrl+Enter says what is missing, under the field, which keeps the focus.
    await user.click(input);
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(await within(reply).findByText('Écrivez votre message avant de l’envoyer.')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(announcer).toHaveTextContent('1 champ à corriger : Votre réponse — Écrivez votre message avant de l’envoyer.'));
    expect(input).toHaveFocus();
    expect(server.callsTo('POST', '/api/tickets/1/messages')).toHaveLength(0);

    // Refused by the server: its message under the field, focused and said; no line break added.
    await user.type(input, 'Voir https://exemple.test');
    expect(announcer).toHaveTextContent('');
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(server.callsTo('POST', '/api/tickets/1/messages')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/tickets/1/messages')[0].body).toEqual({ body: 'Voir https://exemple.test' });
    expect(await within(reply).findByText('Le message contient un lien interdit.')).toBeInTheDocument();
    await waitFor(() => expect(announcer).toHaveTextContent('1 champ à corriger : Votre réponse — Le message contient un lien interdit.'));
    expect(input).toHaveFocus();
    expect(input).toHaveValue('Voir https://exemple.test');

    // Fixed and sent with ⌘+Enter (a Mac).
    await user.clear(input);
    await user.type(input, 'Merci, je patiente.');
    await user.keyboard('{Meta>}{Enter}{/Meta}');
    await waitFor(() => expect(server.callsTo('POST', '/api/tickets/1/messages')).toHaveLength(2));
    expect(server.callsTo('POST', '/api/tickets/1/messages')[1].body).toEqual({ body: 'Merci, je patiente.' });
    await waitFor(() => expect(input).toHaveValue(''));
    expect(await screen.findByText('Merci, je patiente.')).toBeInTheDocument();
  });

  it('says so when the ticket is not the caller’s (404)', async () => {
    mockServer({ 'GET /api/tickets/9': { status: 404, body: { message: 'Introuvable.' } } });
    renderWithProviders(<SupportScreen />, { session: merchantSession(), path: '/compte/support?ticket=9' });
    expect(await screen.findByTestId('ticket-error')).toHaveTextContent('Ce ticket n’existe pas ou n’est pas à vous.');
  });

  it('counts the tickets with an unread answer on the support menu entry', async () => {
    const server = mockServer({ 'GET /api/tickets/unread': { status: 200, body: { data: { count: 2 } } } });
    renderWithProviders(<ContentLayout />, { session: merchantSession(), path: '/compte/accueille' });
    const badge = await screen.findByTestId('support-unread-badge');
    expect(badge).toHaveTextContent('2');
    expect(badge).toHaveAttribute('aria-label', '2 tickets avec une réponse non lue');
    expect(server.callsTo('GET', '/api/tickets/unread')).toHaveLength(1);
  });

  it('tells of unread answers on the closed help section and, on a phone, on the menu button', async () => {
    setViewportWidth(390);
    const server = mockServer({ 'GET /api/tickets/unread': { status: 200, body: { data: { count: 1 } } } });
    renderWithProviders(<ContentLayout />, { session: merchantSession(), path: '/compte/accueille' });
    const dot = () => screen.getByTestId('nav-hamburger-badge').querySelector('.MuiBadge-badge');
    await waitFor(() => expect(dot()).not.toHaveClass('MuiBadge-invisible'));
    // The side menu and the top bar share one request.
    expect(server.callsTo('GET', '/api/tickets/unread')).toHaveLength(1);
  });

  it('shows a dot on the closed section holding support', async () => {
    mockServer({ 'GET /api/tickets/unread': { status: 200, body: { data: { count: 1 } } } });
    renderWithProviders(<ContentLayout />, { session: merchantSession(), path: '/compte/accueille' });
    const dot = () => screen.getByTestId('nav-section-badge-help').querySelector('.MuiBadge-badge');
    await waitFor(() => expect(dot()).not.toHaveClass('MuiBadge-invisible'));
    expect(screen.getByTestId('nav-section-badge-parcels').querySelector('.MuiBadge-badge')).toHaveClass('MuiBadge-invisible');
  });

  it('asks nothing for the badge when the user has no support entry', async () => {
    const server = mockServer({ 'GET /api/tickets/unread': { status: 200, body: { data: { count: 2 } } } });
    renderWithProviders(<ContentLayout />, { session: deliverySession(), path: '/compte/accueille' });
    await screen.findByTestId('side-menu');
    expect(screen.queryByTestId('support-unread-badge')).toBeNull();
    expect(server.callsTo('GET', '/api/tickets/unread')).toHaveLength(0);
  });

  it('shows a parcel’s tickets on its detail, and a merchant reports a problem with the parcel prefilled', async () => {
    const user = userEvent.setup();
    const server = mockServer({
      'GET /api/tickets': listReply([ticket('1')]),
      'POST /api/tickets': { status: 201, body: { data: detail('2', [message('m1')]) } },
    });
    renderWithProviders(<ParcelTickets parcelKey="CL000123" />, { session: merchantSession(), path: '/compte/tous-les-colis' });
    const row = await screen.findByTestId('parcel-ticket');
    expect(row).toHaveTextContent('TK000001');
    expect(within(row).getByRole('link', { name: 'TK000001' })).toHaveAttribute('href', '/compte/support?ticket=1');
    expect(server.callsTo('GET', '/api/tickets')[0].query).toMatchObject({ parcel: 'CL000123' });

    await user.click(screen.getByTestId('parcel-report-problem'));
    const dialog = await screen.findByTestId('new-ticket-dialog');
    expect(within(dialog).getByRole('combobox', { name: /^Colis/ })).toHaveValue('CL000123');
    await user.type(within(dialog).getByLabelText(/^Objet/), 'Adresse erronée');
    await user.type(within(dialog).getByLabelText(/^Message/), 'Le client a déménagé.');
    await user.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(server.callsTo('POST', '/api/tickets')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/tickets')[0].body).toEqual({
      subject: 'Adresse erronée',
      category: 'parcel',
      parcel: 'CL000123',
      message: 'Le client a déménagé.',
    });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/compte/support'));
  });

  it('keeps the conversation usable on a phone', async () => {
    setViewportWidth(390);
    mockServer({ 'GET /api/tickets/1': { status: 200, body: { data: detail('1', [message('m1')]) } } });
    renderWithProviders(<SupportScreen />, { session: merchantSession(), path: '/compte/support?ticket=1' });
    expect(await screen.findByTestId('ticket-reply-input')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Envoyer' })).toBeInTheDocument();
  });
});
