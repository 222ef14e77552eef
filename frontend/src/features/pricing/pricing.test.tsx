import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { merchantSession } from '../../test/fixtures';
import { listReply } from '../../test/listReply';
import { mockServer } from '../../test/mockServer';
import { renderWithProviders } from '../../test/render';
import PricingScreen from './PricingScreen';

describe('Tarifs (pricing) screen', () => {
  it('lists the effective prices, marks the overridden ones, sorts and searches on the server', async () => {
    const user = userEvent.setup();
    const server = mockServer({
      'GET /api/pricing': (call) =>
        listReply(
          [
            { city: 'C1', city_name: 'Casablanca', delivery_fee: 1800, return_fee: 500, refusal_fee: 900, overridden: true },
            { city: 'C2', city_name: 'Rabat', delivery_fee: 2500, return_fee: 500, refusal_fee: 1000, overridden: false },
          ],
          call.query,
        ),
    });
    renderWithProviders(<PricingScreen />, { session: merchantSession() });
    const rows = await screen.findAllByTestId('table-row');
    expect(rows[0]).toHaveTextContent('Casablanca18,00 DH5,00 DH9,00 DHTarif personnalisé');
    expect(rows[1]).toHaveTextContent('Rabat25,00 DH5,00 DH10,00 DHTarif standard');
    expect(screen.getAllByTestId('pricing-overridden')).toHaveLength(1);
    expect(server.callsTo('GET', '/api/pricing')[0].query).toEqual({ page: '1', per_page: '25', sort: 'city' });

    await user.click(screen.getByTestId('sort-delivery_fee'));
    await waitFor(() => expect(server.calls.at(-1)!.query).toMatchObject({ sort: 'delivery_fee' }));
    await user.type(screen.getByTestId('table-search'), 'rab');
    await waitFor(() => expect(server.calls.at(-1)!.query).toMatchObject({ q: 'rab', sort: 'delivery_fee' }));
  });
});
