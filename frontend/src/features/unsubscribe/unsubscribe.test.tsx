import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockServer } from '../../test/mockServer';
import { renderApp } from '../../test/render';

const STOP = '/api/recipient-messages/K7Q2ZP/stop';

describe("a recipient's STOP (/desinscription/{key})", () => {
  it('asks first, sends the STOP only on the button, then says it is done (no session call)', async () => {
    const user = userEvent.setup();
    const server = mockServer({
      'GET /sanctum/csrf-cookie': { status: 204 },
      [`POST ${STOP}`]: { status: 200, body: { message: 'Ce numéro ne recevra plus de messages.' } },
    });
    renderApp('/desinscription/K7Q2ZP');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ne plus recevoir de messages' })).toBeInTheDocument();
    expect(screen.getByText('Vous ne voulez plus recevoir nos messages sur ce numéro ?')).toBeInTheDocument();
    // Opening the link stops nothing (a link's preview opens it too).
    expect(server.callsTo('POST', STOP)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Ne plus recevoir de messages' }));
    expect(await screen.findByTestId('unsubscribe-done')).toHaveTextContent('C’est fait : ce numéro ne recevra plus nos messages.');
    expect(server.callsTo('POST', STOP)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Ne plus recevoir de messages' })).not.toBeInTheDocument();
    // A public page: no session is restored there.
    expect(server.callsTo('GET', '/api/user')).toHaveLength(0);
  });

  it('says the link is not valid on an unknown key (404)', async () => {
    const user = userEvent.setup();
    const server = mockServer({
      'GET /sanctum/csrf-cookie': { status: 204 },
      [`POST ${STOP}`]: { status: 404, body: { message: 'Introuvable.' } },
    });
    renderApp('/desinscription/K7Q2ZP');
    await user.click(await screen.findByRole('button', { name: 'Ne plus recevoir de messages' }));
    const panel = await screen.findByTestId('unsubscribe-invalid');
    expect(panel).toHaveTextContent('Ce lien n’est pas valable');
    expect(screen.queryByTestId('unsubscribe-done')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ne plus recevoir de messages' })).not.toBeInTheDocument();
    expect(server.callsTo('GET', '/api/user')).toHaveLength(0);
  });

  it('says how many minutes to wait on too many tries (429 and Retry-After), and the button stays', async () => {
    const user = userEvent.setup();
    const server = mockServer({
      'GET /sanctum/csrf-cookie': { status: 204 },
      [`POST ${STOP}`]: [
        { status: 429, body: { message: 'Too Many Attempts.' }, headers: { 'Retry-After': '100' } },
        { status: 200, body: { message: 'Ce numéro ne recevra plus de messages.' } },
      ],
    });
    renderApp('/desinscription/K7Q2ZP');
    await user.click(await screen.findByRole('button', { name: 'Ne plus recevoir de messages' }));
    expect(await screen.findByTestId('unsubscribe-error')).toHaveTextContent('Trop d’essais. Réessayez dans 2 minutes.');
    await user.click(screen.getByRole('button', { name: 'Ne plus recevoir de messages' }));
    expect(await screen.findByTestId('unsubscribe-done')).toBeInTheDocument();
    await waitFor(() => expect(server.callsTo('POST', STOP)).toHaveLength(2));
  });
});
