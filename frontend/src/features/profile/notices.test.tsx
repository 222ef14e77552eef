import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { merchantSession } from '../../test/fixtures';
import { mockServer } from '../../test/mockServer';
import { renderWithProviders } from '../../test/render';
import type { NoticeSetting } from './api';
import { NoticesCard } from './NoticesCard';

const SETTINGS: NoticeSetting[] = [
  { kind: 'password_reset', enabled: true, required: true },
  { kind: 'invoice_validated', enabled: true, required: false },
  { kind: 'invoice_paid', enabled: true, required: false },
  { kind: 'ticket_answered', enabled: false, required: false },
  { kind: 'recipient_messages', enabled: true, required: false },
];

const switchOf = (name: string) => screen.getByRole('switch', { name: new RegExp(`^${name}`) });

describe('« Notifications par e-mail » on the profile', () => {
  it('shows a switch per kind, the security ones on and locked, and sends the kinds turned off', async () => {
    const user = userEvent.setup();
    const server = mockServer({
      'GET /api/users/notices': { status: 200, body: { data: SETTINGS } },
      'PUT /api/users/notices': (call) => {
        const disabled = (call.body as { disabled: string[] }).disabled;
        return { status: 200, body: { data: SETTINGS.map((setting) => ({ ...setting, enabled: setting.required || !disabled.includes(setting.kind) })) } };
      },
    });
    renderWithProviders(<NoticesCard />, { session: merchantSession() });
    const card = await screen.findByTestId('notices-card');
    expect(within(card).getByRole('heading', { name: 'Notifications par e-mail' })).toBeInTheDocument();
    await within(card).findByTestId('notices-form');

    // Required: on, disabled, said so.
    const reset = switchOf('Mot de passe oublié');
    expect(reset).toBeChecked();
    expect(reset).toBeDisabled();
    expect(within(screen.getByTestId('notice-password_reset')).getByText('toujours envoyé (sécurité)')).toBeInTheDocument();
    expect(switchOf('Facture payée')).toBeChecked();
    expect(switchOf('Facture payée')).toBeEnabled();
    expect(switchOf('Réponse à un ticket')).not.toBeChecked();
    expect(within(screen.getByTestId('notice-invoice_paid')).queryByText('toujours envoyé (sécurité)')).not.toBeInTheDocument();
    // The merchant's consent to his recipients' SMS or WhatsApp, said what it does.
    expect(switchOf('Messages SMS ou WhatsApp à mes destinataires')).toBeChecked();
    expect(screen.getByTestId('notice-recipient_messages')).toHaveTextContent('Vos destinataires sont prévenus');

    // Nothing changed: nothing to save.
    expect(screen.getByTestId('notices-save')).toBeDisabled();
    await user.click(switchOf('Facture payée'));
    expect(switchOf('Facture payée')).not.toBeChecked();
    await user.click(screen.getByTestId('notices-save'));
    await waitFor(() => expect(server.callsTo('PUT', '/api/users/notices')).toHaveLength(1));
    const body = server.callsTo('PUT', '/api/users/notices')[0].body as { disabled: string[] };
    expect([...body.disabled].sort()).toEqual(['invoice_paid', 'ticket_answered']);
    expect(await screen.findByTestId('notices-message')).toHaveTextContent('Vos préférences de notification sont enregistrées.');
    // The answer is what shows, and there is nothing left to save.
    expect(switchOf('Facture payée')).not.toBeChecked();
    expect(screen.getByTestId('notices-save')).toBeDisabled();

    // Turned on again: the PUT lists only what stays off.
    await user.click(switchOf('Réponse à un ticket'));
    await user.click(switchOf('Facture payée'));
    await user.click(screen.getByTestId('notices-save'));
    await waitFor(() => expect(server.callsTo('PUT', '/api/users/notices')).toHaveLength(2));
    expect(server.callsTo('PUT', '/api/users/notices')[1].body).toEqual({ disabled: [] });
  });

  it('says when the settings cannot be loaded, and retries', async () => {
    const user = userEvent.setup();
    const server = mockServer({
      'GET /api/users/notices': [{ status: 500, body: { message: 'Erreur' } }, { status: 200, body: { data: SETTINGS } }],
    });
    renderWithProviders(<NoticesCard />, { session: merchantSession() });
    expect(await screen.findByText('Vos préférences de notification n’ont pas pu être chargées.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByTestId('notices-form')).toBeInTheDocument();
    expect(server.callsTo('GET', '/api/users/notices')).toHaveLength(2);
  });
});
