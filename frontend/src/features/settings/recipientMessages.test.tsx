import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adminSession } from '../../test/fixtures';
import { mockServer } from '../../test/mockServer';
import { renderWithProviders } from '../../test/render';
import type { RecipientMessagesSetting } from './api';
import CompanySettingsScreen from './CompanySettingsScreen';

/** The other cards of the screen answer 404: only this card is looked at here. */
function server(setting: RecipientMessagesSetting) {
  return mockServer({
    'GET /api/settings/company': { status: 404, body: { message: 'Introuvable.' } },
    'GET /api/settings/recipients': { status: 404, body: { message: 'Introuvable.' } },
    'GET /api/settings/recipient-messages': { status: 200, body: { data: setting } },
    'GET /sanctum/csrf-cookie': { status: 204 },
    'PUT /api/settings/recipient-messages': (call) => ({
      status: 200,
      body: { data: { ...setting, enabled: (call.body as { enabled: boolean }).enabled } },
    }),
  });
}

describe("the recipients' SMS / WhatsApp messages (company settings)", () => {
  it('shows the channel the server configures and saves the switch with the PUT {enabled}', async () => {
    const user = userEvent.setup();
    const mock = server({ enabled: false, channel: 'whatsapp' });
    renderWithProviders(<CompanySettingsScreen />, { session: adminSession() });
    const card = await screen.findByTestId('recipient-messages');
    expect(card).toHaveAccessibleName('Messages aux destinataires (SMS / WhatsApp)');
    const form = await within(card).findByTestId('recipient-messages-form');
    expect(within(form).getByTestId('recipient-messages-channel')).toHaveTextContent('Canal configuré sur le serveur : WhatsApp');
    const toggle = within(form).getByRole('switch', { name: 'Envoyer les messages aux destinataires' });
    expect(toggle).not.toBeChecked();
    expect(toggle).toBeEnabled();

    await user.click(toggle);
    await user.click(within(form).getByTestId('recipient-messages-save'));
    expect(await within(form).findByTestId('recipient-messages-saved')).toHaveTextContent('Réglage des messages aux destinataires enregistré.');
    expect(mock.callsTo('PUT', '/api/settings/recipient-messages').map((call) => call.body)).toEqual([{ enabled: true }]);
    expect(toggle).toBeChecked();
  });

  it('names SMS when that is the channel', async () => {
    server({ enabled: true, channel: 'sms' });
    renderWithProviders(<CompanySettingsScreen />, { session: adminSession() });
    expect(await screen.findByTestId('recipient-messages-channel')).toHaveTextContent('Canal configuré sur le serveur : SMS');
    expect(screen.getByRole('switch', { name: 'Envoyer les messages aux destinataires' })).toBeChecked();
  });

  it('disables the switch and says so when the server configures no channel', async () => {
    const mock = server({ enabled: true, channel: null });
    renderWithProviders(<CompanySettingsScreen />, { session: adminSession() });
    const form = await screen.findByTestId('recipient-messages-form');
    expect(within(form).getByTestId('recipient-messages-no-channel')).toHaveTextContent('Aucun canal configuré sur le serveur (voir la documentation)');
    expect(within(form).getByRole('switch', { name: 'Envoyer les messages aux destinataires' })).toBeDisabled();
    expect(within(form).getByTestId('recipient-messages-save')).toBeDisabled();
    expect(mock.callsTo('PUT', '/api/settings/recipient-messages')).toHaveLength(0);
  });
});
