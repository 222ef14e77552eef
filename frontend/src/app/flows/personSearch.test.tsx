import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { MerchantView } from '../../components/merchant/api';
import { merchantView } from '../../components/merchant/testData';
import { personPath } from '../../layouts/globalSearch';
import { adminSession } from '../../test/fixtures';
import { listReply } from '../../test/listReply';
import { mockServer, type RecordedCall } from '../../test/mockServer';
import { renderApp } from '../../test/render';

const info = (permissions: string[]) => ({ authenticated: true, active: true, role: 'admin' as const, permissions });

function merchant(key: string, first: string, last: string, active: boolean): MerchantView {
  return merchantView(key, { first_name: first, last_name: last, email: `${first.toLowerCase()}@souk.ma`, company: `Boutique ${last}`, active });
}

const SALMA = merchant('M1', 'Salma', 'Berrada', true);
const OMAR = merchant('M2', 'Omar', 'Tazi', false);
const HAMID = {
  key: 'D1',
  full_name: 'Hamid Ouazzani',
  email: 'hamid@colivra.ma',
  phone: '0611111111',
  national_id: 'AB1',
  vehicle: null,
  active: true,
  created_at: '2026-01-05T08:00:00Z',
  cities: [],
};

/** The merchants endpoint: its status filter and its search by name, as the server does them. */
function merchants(call: RecordedCall) {
  const q = (call.query.q ?? '').toLowerCase();
  const rows = [SALMA, OMAR].filter(
    (row) =>
      (call.query.status === 'new' ? !row.active : call.query.status === 'activated' ? row.active : true) &&
      `${row.first_name} ${row.last_name}`.toLowerCase().includes(q),
  );
  return listReply(rows, call.query);
}

async function choosePerson(user: ReturnType<typeof userEvent.setup>, typed: string, name: string) {
  await user.click(screen.getByTestId('search-open'));
  await user.type(await screen.findByTestId('search-input'), typed);
  // The answer to the text typed (the one before may show until it comes).
  const person = await waitFor(() => {
    const row = screen.getAllByTestId('search-person').find((found) => found.textContent?.startsWith(name));
    expect(row).toBeDefined();
    return row!;
  });
  await user.click(person);
}

describe('a person chosen in the top-bar search', () => {
  it('opens his list filtered to him, every status, searched by his name', () => {
    expect(personPath({ name: 'Salma Berrada', role: 'client' }, info(['clients']))).toBe('/compte/clients?status=all&q=Salma+Berrada');
    expect(personPath({ name: 'Hamid Ouazzani', role: 'delivery-admin' }, info(['deliverymen']))).toBe('/compte/livreurs?q=Hamid+Ouazzani');
    expect(personPath({ name: 'Hamid Ouazzani', role: 'delivery-admin' }, info(['clients']))).toBeNull();
  });

  it('shows an activated merchant his row on « Tous », then another person chosen from there', async () => {
    const user = userEvent.setup();
    const server = mockServer({
      'GET /api/user': { status: 200, body: adminSession() },
      'GET /api/parcels': listReply([]),
      'GET /api/clients': merchants,
      'GET /api/delivery-admins': (call) => listReply(call.query.q === 'Hamid Ouazzani' ? [HAMID] : [], call.query),
      'GET /api/delivery-admins/balances': (call) => listReply([], call.query),
      'GET /api/search': (call) => ({
        status: 200,
        body: {
          data: {
            people: [
              { key: 'M1', name: 'Salma Berrada', role: 'client', company: 'Boutique Berrada' },
              { key: 'M2', name: 'Omar Tazi', role: 'client', company: 'Boutique Tazi' },
              { key: 'D1', name: 'Hamid Ouazzani', role: 'delivery-admin', company: null },
            ].filter((person) => person.name.toLowerCase().includes(call.query.q.toLowerCase()) || call.query.q === 'tous'),
          },
        },
      }),
    });
    renderApp('/compte/villes');
    await screen.findByTestId('side-menu');

    await choosePerson(user, 'Salma', 'Salma Berrada');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/compte/clients'));
    const row = await screen.findByTestId('table-row');
    expect(row).toHaveTextContent('Salma Berrada');
    expect(server.callsTo('GET', '/api/clients').at(-1)!.query).toMatchObject({ status: 'all', q: 'Salma Berrada', page: '1' });
    expect(screen.getByTestId('tab-all')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('table-search')).toHaveValue('Salma Berrada');

    // From the merchants list itself: the same screen shows the other one.
    await choosePerson(user, 'Omar', 'Omar Tazi');
    await waitFor(() => expect(server.callsTo('GET', '/api/clients').at(-1)!.query).toMatchObject({ status: 'all', q: 'Omar Tazi' }));
    await waitFor(() => expect(screen.getByTestId('table-search')).toHaveValue('Omar Tazi'));
    expect(await screen.findByText('Omar Tazi')).toBeInTheDocument();
    expect(screen.getAllByTestId('table-row')).toHaveLength(1);

    // A delivery person: his list.
    await choosePerson(user, 'Hamid', 'Hamid Ouazzani');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/compte/livreurs'));
    const hamid = await screen.findByTestId('table-row');
    expect(within(hamid).getByText('Hamid Ouazzani')).toBeInTheDocument();
    expect(server.callsTo('GET', '/api/delivery-admins').at(-1)!.query).toMatchObject({ q: 'Hamid Ouazzani' });
    expect(screen.getByTestId('table-search')).toHaveValue('Hamid Ouazzani');
  });
});
