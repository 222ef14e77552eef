import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import ContentLayout from '../../layouts/ContentLayout';
import { adminSession, merchantSession } from '../../test/fixtures';
import { mockServer } from '../../test/mockServer';
import { renderWithProviders } from '../../test/render';
import { parcel, parcelPage } from '../../components/parcel/testData';

describe('top-bar search of parcels', () => {
  it('finds up to 5 parcels on the server and opens one in the parcel list', async () => {
    const user = userEvent.setup();
    const server = mockServer({
      'GET /api/parcels': parcelPage(
        Array.from({ length: 5 }, (_, index) =>
          parcel(`CLV00${index}`, { recipient_name: `Client ${index}`, status: 'delivered', status_label: 'Livré' }),
        ),
      ),
    });
    renderWithProviders(<ContentLayout />, { session: merchantSession(), path: '/compte/accueille' });
    await user.click(screen.getByTestId('search-open'));
    const input = await screen.findByTestId('search-input');
    expect(input).toHaveAttribute('placeholder', 'Rechercher une page ou un colis…');
    await user.type(input, '0612');
    const found = await screen.findAllByTestId('search-parcel');
    expect(found).toHaveLength(5);
    expect(server.callsTo('GET', '/api/parcels').at(-1)!.query).toEqual({ q: '0612', per_page: '5' });
    expect(found[2]).toHaveTextContent('CLV002 · Client 2');
    expect(within(found[2]).getByTestId('parcel-status')).toHaveTextContent('Livré');
    // No page matches "0612": the parcels come first; arrows move, Enter opens one.
    await user.keyboard('{ArrowDown}');
    expect(found[1]).toHaveClass('Mui-selected');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/compte/tous-les-colis'));
    await waitFor(() => expect(screen.queryByTestId('search-dialog')).not.toBeInTheDocument());
  });

  it('does not search parcels for a user without any parcel list', async () => {
    const user = userEvent.setup();
    const server = mockServer({});
    renderWithProviders(<ContentLayout />, { session: adminSession(['dashboard', 'cities']), path: '/compte/tableau-de-bord' });
    await user.click(screen.getByTestId('search-open'));
    const input = await screen.findByTestId('search-input');
    expect(input).toHaveAttribute('placeholder', 'Rechercher une page…');
    await user.type(input, 'CLV123');
    expect(await screen.findByText('Aucun résultat pour « CLV123 »')).toBeInTheDocument();
    // Past the search delay, inside act: the debounce and the ripple update the screen meanwhile.
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(server.callsTo('GET', '/api/parcels')).toHaveLength(0);
  });
});
