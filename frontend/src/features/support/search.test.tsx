import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import ContentLayout from '../../layouts/ContentLayout';
import { adminSession, merchantSession } from '../../test/fixtures';
import { listReply } from '../../test/listReply';
import { mockServer } from '../../test/mockServer';
import { renderWithProviders } from '../../test/render';

const people = Array.from({ length: 7 }, (_, index) => ({
  key: `P${index}`,
  name: `Personne ${index}`,
  role: index % 2 === 0 ? 'client' : 'delivery-admin',
  company: index % 2 === 0 ? `Boutique ${index}` : null,
}));

describe('top-bar search of people and tickets', () => {
  it('shows admins at most 5 people and 5 tickets beside the parcels, and opens a ticket', async () => {
    const user = userEvent.setup();
    const server = mockServer({
      'GET /api/parcels': listReply([]),
      'GET /api/search': {
        status: 200,
        body: {
          data: {
            parcels: [],
            people,
            tickets: [{ key: 'T1', code: 'TK000001', subject: 'Colis non livré', status: 'answered' }],
          },
        },
      },
      'GET /api/tickets/T1': { status: 404, body: {} },
    });
    renderWithProviders(<ContentLayout />, { session: adminSession(), path: '/compte/tableau-de-bord' });
    await user.click(screen.getByTestId('search-open'));
    await user.type(await screen.findByTestId('search-input'), 'Pers');
    const found = await screen.findAllByTestId('search-person');
    expect(found).toHaveLength(5);
    expect(found[0]).toHaveTextContent('Personne 0Boutique 0');
    expect(found[1]).toHaveTextContent('Personne 1Livreurs');
    expect(server.callsTo('GET', '/api/search').at(-1)!.query).toEqual({ q: 'Pers' });
    const ticket = screen.getByTestId('search-ticket');
    expect(ticket).toHaveTextContent('TK000001 · Colis non livré');
    expect(within(ticket).getByText('Répondu')).toBeInTheDocument();
    expect(within(screen.getByTestId('search-dialog')).getByText('Personnes')).toBeInTheDocument();

    await user.click(ticket);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/compte/support'));
  });

  it('shows a merchant his tickets but no people', async () => {
    const user = userEvent.setup();
    mockServer({
      'GET /api/parcels': listReply([]),
      'GET /api/search': {
        status: 200,
        body: { data: { parcels: [], people, tickets: [{ key: 'T1', code: 'TK000001', subject: 'Colis non livré', status: 'open' }] } },
      },
    });
    renderWithProviders(<ContentLayout />, { session: merchantSession(), path: '/compte/accueille' });
    await user.click(screen.getByTestId('search-open'));
    await user.type(await screen.findByTestId('search-input'), 'TK00');
    expect(await screen.findByTestId('search-ticket')).toHaveTextContent('TK000001');
    expect(screen.queryByTestId('search-person')).toBeNull();
  });
});
