import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adminSession, merchantSession } from '../../test/fixtures';
import { mockServer } from '../../test/mockServer';
import { renderWithProviders } from '../../test/render';
import { DecisionsCard } from './DecisionsCard';
import { WorkQueues } from './WorkQueues';

/** The decisions list asked for its count: one row, the total in `meta`. */
const counted = (total: number) => ({
  status: 200,
  body: { data: [], meta: { page: 1, per_page: 1, total, total_capped: false, next_cursor: null } },
});

describe('the failed deliveries to decide, on the dashboards', () => {
  it('shows the merchant how many wait for him and opens « À décider »; nothing while none', async () => {
    const user = userEvent.setup();
    const server = mockServer({ 'GET /api/parcels/decisions': counted(3) });
    renderWithProviders(<DecisionsCard />, { session: merchantSession() });
    const card = await screen.findByTestId('queue-decisions');
    expect(card).toHaveTextContent('Colis à décider');
    expect(within(card).getByTestId('queue-decisions-count')).toHaveTextContent(/^3$/);
    expect(server.callsTo('GET', '/api/parcels/decisions')[0].query).toEqual({ page: '1', per_page: '1' });
    await user.click(within(card).getByRole('link'));
    expect(screen.getByTestId('location')).toHaveTextContent('/compte/colis-a-decider');
  });

  it('stays out of the way while none waits, and for a merchant without a list that decides', async () => {
    const server = mockServer({ 'GET /api/parcels/decisions': counted(0) });
    const first = renderWithProviders(<DecisionsCard />, { session: merchantSession() });
    await waitFor(() => expect(server.callsTo('GET', '/api/parcels/decisions')).toHaveLength(1));
    expect(screen.queryByTestId('queue-decisions')).not.toBeInTheDocument();
    first.unmount();

    const other = mockServer({ 'GET /api/parcels/decisions': counted(2) });
    renderWithProviders(<DecisionsCard />, { session: merchantSession({}, { permissions: ['dashboard', 'delivered-parcels'] }) });
    expect(screen.queryByTestId('queue-decisions')).not.toBeInTheDocument();
    expect(other.callsTo('GET', '/api/parcels/decisions')).toHaveLength(0);
  });

  it('counts them among the admin’s work of the day', async () => {
    mockServer({ 'GET /api/parcels/decisions': counted(12) });
    renderWithProviders(<WorkQueues />, { session: adminSession(['dashboard', 'sent-parcels']) });
    const card = await screen.findByTestId('queue-decisions');
    expect(await within(card).findByTestId('queue-decisions-count')).toHaveTextContent(/^12$/);
    expect(within(card).getByRole('link')).toHaveAttribute('href', '/compte/colis-a-decider');
  });
});
