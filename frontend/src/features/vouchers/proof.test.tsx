import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ROLE_ROUTES } from '../../navigation/routes';
import type { RouteDef } from '../../navigation/types';
import { deliverySession } from '../../test/fixtures';
import { mockServer } from '../../test/mockServer';
import { renderWithProviders } from '../../test/render';
import type { Parcel } from '../../components/parcel/api';
import { parcel, parcelPage } from '../../components/parcel/testData';
import { missingProof, proofBody, EMPTY_PROOF } from './ProofFields';
import RoundScreen from './RoundScreen';

const route: RouteDef = ROLE_ROUTES['delivery-admin'].find((r) => r.name === 'sent-parcels')!;

const out = (key: string, overrides: Partial<Parcel> = {}) =>
  parcel(key, { status: 'out_for_delivery', status_label: 'Mis en distribution', actions: ['state'], delivery_admin: 'D1', ...overrides });

function renderRound() {
  return renderWithProviders(<RoundScreen route={route} />, { session: deliverySession(), path: '/compte/colis-expedies' });
}

describe('proof of delivery on the round', () => {
  it('asks for the signature the merchant requires before « Livré », and sends nothing without it', async () => {
    const user = userEvent.setup();
    const server = mockServer({ 'GET /api/parcels': parcelPage([out('K1', { proof_required: 'signature' })]) });
    renderRound();
    await user.click(await screen.findByTestId('round-outcome'));
    const sheet = await screen.findByTestId('outcome-body');
    await user.click(within(sheet).getByTestId('outcome-delivered'));
    expect(within(sheet).getByTestId('proof-required')).toHaveTextContent('Ce marchand demande la signature du destinataire.');
    expect(within(sheet).queryByTestId('outcome-with-proof')).not.toBeInTheDocument();
    await user.click(within(sheet).getByTestId('outcome-submit'));
    expect(await within(sheet).findByTestId('signature-error')).toHaveTextContent('Ce marchand demande la signature du destinataire.');
    expect(server.callsTo('POST', '/api/parcels/states')).toHaveLength(0);
  });

  it('offers a proof when none is required, and says at once when it holds nothing', async () => {
    const user = userEvent.setup();
    const server = mockServer({ 'GET /api/parcels': parcelPage([out('K1', { proof_required: 'none' })]) });
    renderRound();
    await user.click(await screen.findByTestId('round-outcome'));
    const sheet = await screen.findByTestId('outcome-body');
    await user.click(within(sheet).getByTestId('outcome-with-proof'));
    expect(within(sheet).queryByTestId('proof-required')).not.toBeInTheDocument();
    // Neither a signature nor a photo: said at once, nothing sent.
    await user.click(within(sheet).getByTestId('outcome-submit'));
    expect(await within(sheet).findByTestId('outcome-error')).toHaveTextContent('Ajoutez une signature ou une photo.');
    expect(server.callsTo('POST', '/api/parcels/states')).toHaveLength(0);
  });

  it('builds the body from what was gathered and checks the requirement', () => {
    const t = ((key: string) => key) as Parameters<typeof missingProof>[2];
    const at = new Date('2026-11-26T10:15:00Z');
    expect(proofBody(EMPTY_PROOF, at)).toBeNull();
    const draft = { ...EMPTY_PROOF, photo: 'data:image/jpeg;base64,/9j/', signedBy: '  Fatima Zahra ', position: { latitude: 33.5, longitude: -7.6, accuracy: 12 } };
    expect(proofBody(draft, at)).toEqual({
      photo: 'data:image/jpeg;base64,/9j/',
      signed_by: 'Fatima Zahra',
      position: { latitude: 33.5, longitude: -7.6, accuracy: 12 },
      recorded_at: '2026-11-26T10:15:00.000Z',
    });
    expect(missingProof('signature', draft, t)).toEqual({ signature: 'proof.required.signature' });
    expect(missingProof('photo', draft, t)).toEqual({});
    expect(missingProof('none', EMPTY_PROOF, t)).toEqual({ form: 'proof.missing' });
  });
});
