import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { merchantSession } from '../../test/fixtures';
import { mockServer } from '../../test/mockServer';
import { renderWithProviders } from '../../test/render';
import { DeliveryProofCard } from './DeliveryProofCard';

describe('the proof of delivery the merchant requires', () => {
  it('shows his choice, saves a new one at once and says so', async () => {
    const user = userEvent.setup();
    let current = 'none';
    const server = mockServer({
      'GET /api/users/delivery-proof': () => ({ status: 200, body: { data: { delivery_proof: current } } }),
      'PUT /api/users/delivery-proof': (call) => {
        current = (call.body as { delivery_proof: string }).delivery_proof;
        return { status: 200, body: { data: { delivery_proof: current } } };
      },
    });
    renderWithProviders(<DeliveryProofCard />, { session: merchantSession() });
    expect(await screen.findByRole('radio', { name: 'Aucune' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Signature du destinataire' }));
    await waitFor(() => expect(server.callsTo('PUT', '/api/users/delivery-proof')).toHaveLength(1));
    expect(server.callsTo('PUT', '/api/users/delivery-proof')[0].body).toEqual({ delivery_proof: 'signature' });
    expect(await screen.findByTestId('delivery-proof-message')).toHaveTextContent('Preuve de livraison exigée : Signature du destinataire');
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Signature du destinataire' })).toBeChecked());
  });
});
