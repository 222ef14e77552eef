import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adminSession } from '../../test/fixtures';
import { mockServer } from '../../test/mockServer';
import { renderWithProviders } from '../../test/render';
import type { RecipientPolicy } from './api';
import CompanySettingsScreen from './CompanySettingsScreen';

const COMPANY = {
  configured: true,
  name: 'Colivra SARL',
  address: '12 rue des Entrepreneurs',
  ice: '001234567000089',
  if: '12345678',
  rc: '123456',
  patente: null,
  cnss: null,
  invoices_in_reader_language: false,
  tva_rate: 20,
  tva_exemption: null,
  pay_before_cash_in: false,
};

const POLICY: RecipientPolicy = {
  to_confirm_percent: 20,
  risky_percent: 50,
  risky_min_failed: 2,
  to_confirm_action: 'warn',
  risky_action: 'warn',
  months_kept: 12,
  confirmation_tries: 3,
  confirmation_retry_minutes: 120,
  confirmation_given_up: 'cancel',
  decision_delay_hours: 24,
};

/** A policy saved before the decision delay existed (issue 40): the server sends none. */
function withoutDelay(policy: RecipientPolicy): RecipientPolicy {
  const stored = { ...policy };
  delete stored.decision_delay_hours;
  return stored;
}

describe("the recipients' bands (company settings)", () => {
  it('shows the policy, checks the numbers, sends the PUT with the values and puts a 422 under its field', async () => {
    const user = userEvent.setup();
    const server = mockServer({
      'GET /api/settings/company': { status: 200, body: { data: COMPANY } },
      'GET /api/settings/recipients': { status: 200, body: { data: POLICY } },
      'PUT /api/settings/recipients': (call, index) =>
        index === 0
          ? { status: 422, body: { message: 'Données invalides.', errors: { risky_percent: ['Le seuil « Risqué » doit être au moins le seuil « À confirmer ».'] } } }
          : { status: 200, body: { data: call.body } },
    });
    renderWithProviders(<CompanySettingsScreen />, { session: adminSession() });
    const card = await screen.findByTestId('recipient-policy');
    expect(within(card).getByRole('heading', { name: 'Destinataires' })).toBeInTheDocument();
    expect(card).toHaveAccessibleName('Destinataires');
    expect(within(card).getByTestId('recipient-policy-intro')).toHaveTextContent('« Fiable » sous le seuil « À confirmer »');
    const form = await within(card).findByTestId('recipient-policy-form');
    const toConfirm = within(form).getByRole('textbox', { name: /^Seuil « À confirmer »/ });
    const risky = within(form).getByRole('textbox', { name: /^Seuil « Risqué »/ });
    const minFailed = within(form).getByRole('textbox', { name: /^Échecs minimum pour « Risqué »/ });
    const months = within(form).getByRole('textbox', { name: /^Période comptée/ });
    expect([toConfirm, risky, minFailed, months].map((input) => (input as HTMLInputElement).value)).toEqual(['20', '50', '2', '12']);
    expect(within(form).getByRole('combobox', { name: 'Pour un destinataire « Risqué »' })).toHaveTextContent('Avertir');

    // Out of the server's bounds: said under the field, nothing sent.
    await user.clear(months);
    await user.type(months, '61');
    await user.click(within(form).getByTestId('recipient-policy-save'));
    expect(await within(form).findByText('Indiquez un nombre entier de 1 à 60.')).toBeInTheDocument();
    expect(months).toHaveAttribute('aria-invalid', 'true');
    expect(server.callsTo('PUT', '/api/settings/recipients')).toHaveLength(0);

    await user.clear(months);
    await user.type(months, '6');
    expect(within(form).queryByText('Indiquez un nombre entier de 1 à 60.')).not.toBeInTheDocument();
    await user.clear(toConfirm);
    await user.type(toConfirm, '30');
    await user.clear(risky);
    await user.type(risky, '25');
    await user.clear(minFailed);
    await user.type(minFailed, '3');
    await user.click(within(form).getByRole('combobox', { name: 'Pour un destinataire « Risqué »' }));
    await user.click(await screen.findByRole('option', { name: 'Refuser' }));
    await user.click(within(form).getByTestId('recipient-policy-save'));

    // The server's refusal (« Risqué » below « À confirmer ») lands under its field.
    expect(await within(form).findByText('Le seuil « Risqué » doit être au moins le seuil « À confirmer ».')).toBeInTheDocument();
    expect(risky).toHaveAttribute('aria-invalid', 'true');
    expect(server.callsTo('PUT', '/api/settings/recipients')[0].body).toEqual({
      to_confirm_percent: 30,
      risky_percent: 25,
      risky_min_failed: 3,
      to_confirm_action: 'warn',
      risky_action: 'refuse',
      months_kept: 6,
      confirmation_tries: 3,
      confirmation_retry_minutes: 120,
      confirmation_given_up: 'cancel',
      decision_delay_hours: 24,
    });

    await user.clear(risky);
    await user.type(risky, '60');
    await user.click(within(form).getByTestId('recipient-policy-save'));
    expect(await within(form).findByTestId('recipient-policy-saved')).toHaveTextContent('Règles des destinataires enregistrées.');
    expect(server.callsTo('PUT', '/api/settings/recipients')[1].body).toEqual({ ...POLICY, to_confirm_percent: 30, risky_percent: 60, risky_min_failed: 3, risky_action: 'refuse', months_kept: 6 });
    await waitFor(() => expect(within(form).getByRole('combobox', { name: 'Pour un destinataire « Risqué »' })).toHaveTextContent('Refuser'));
    // The company's own form is left alone.
    expect(server.callsTo('PUT', '/api/settings/company')).toHaveLength(0);
  });

  it('has our agents confirm a band, and sets the confirmation calls: tries, delay, what a failure becomes', async () => {
    const user = userEvent.setup();
    // A policy saved before the confirmation service: the server's defaults fill the form.
    const { confirmation_tries: _tries, confirmation_retry_minutes: _minutes, confirmation_given_up: _givenUp, ...before } = POLICY;
    const server = mockServer({
      'GET /api/settings/company': { status: 200, body: { data: COMPANY } },
      'GET /api/settings/recipients': { status: 200, body: { data: before } },
      'PUT /api/settings/recipients': (call, index) =>
        index === 0
          ? { status: 422, body: { message: 'Données invalides.', errors: { confirmation_retry_minutes: ['Entre 5 et 2 880 minutes.'] } } }
          : { status: 200, body: { data: call.body } },
    });
    renderWithProviders(<CompanySettingsScreen />, { session: adminSession() });
    const form = await screen.findByTestId('recipient-policy-form');
    const section = within(form).getByRole('region', { name: 'Confirmation par téléphone' });
    const tries = within(section).getByRole('textbox', { name: /^Appels sans réponse avant abandon/ });
    const delay = within(section).getByRole('textbox', { name: /^Délai avant de rappeler/ });
    expect((tries as HTMLInputElement).value).toBe('3');
    expect((delay as HTMLInputElement).value).toBe('120');
    expect(within(section).getByRole('combobox', { name: 'Une commande non confirmée' })).toHaveTextContent('Annuler la commande');

    // The third action of a band: the order waits for our agents' call.
    await user.click(within(form).getByRole('combobox', { name: 'Pour un destinataire « À confirmer »' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Avertir', 'Faire confirmer par nos agents', 'Refuser']);
    await user.click(screen.getByRole('option', { name: 'Faire confirmer par nos agents' }));

    // Out of bounds: said under the field, nothing sent.
    await user.clear(tries);
    await user.type(tries, '11');
    await user.click(within(form).getByTestId('recipient-policy-save'));
    expect(await within(section).findByText('Indiquez un nombre entier de 1 à 10.')).toBeInTheDocument();
    expect(server.callsTo('PUT', '/api/settings/recipients')).toHaveLength(0);

    await user.clear(tries);
    await user.type(tries, '4');
    await user.clear(delay);
    await user.type(delay, '45');
    await user.click(within(section).getByRole('combobox', { name: 'Une commande non confirmée' }));
    await user.click(await screen.findByRole('option', { name: 'Rendre au marchand (nouveau colis)' }));
    await user.click(within(form).getByTestId('recipient-policy-save'));
    // The server's refusal lands under its field.
    expect(await within(section).findByText('Entre 5 et 2 880 minutes.')).toBeInTheDocument();
    expect(delay).toHaveAttribute('aria-invalid', 'true');
    // The whole policy is sent.
    expect(server.callsTo('PUT', '/api/settings/recipients')[0].body).toEqual({
      ...POLICY,
      to_confirm_action: 'confirm',
      confirmation_tries: 4,
      confirmation_retry_minutes: 45,
      confirmation_given_up: 'merchant',
    });

    await user.click(within(form).getByTestId('recipient-policy-save'));
    expect(await within(form).findByTestId('recipient-policy-saved')).toBeInTheDocument();
    expect(server.callsTo('PUT', '/api/settings/recipients')).toHaveLength(2);
  });

  it('says when the policy cannot be loaded, beside the company form', async () => {
    mockServer({
      'GET /api/settings/company': { status: 200, body: { data: COMPANY } },
      'GET /api/settings/recipients': { status: 403, body: { message: 'Action non autorisée.' } },
    });
    renderWithProviders(<CompanySettingsScreen />, { session: adminSession() });
    const card = await screen.findByTestId('recipient-policy');
    expect(await within(card).findByRole('alert')).toHaveTextContent('Action non autorisée.');
    expect(await screen.findByTestId('company-form')).toBeInTheDocument();
  });

  it('shows 24 hours when never set, checks 1 to 168, and sends it with the whole policy', async () => {
    const user = userEvent.setup();
    const server = mockServer({
      'GET /api/settings/company': { status: 200, body: { data: COMPANY } },
      'GET /api/settings/recipients': { status: 200, body: { data: withoutDelay(POLICY) } },
      'PUT /api/settings/recipients': (call) => ({ status: 200, body: { data: call.body } }),
    });
    renderWithProviders(<CompanySettingsScreen />, { session: adminSession() });
    const form = await screen.findByTestId('recipient-policy-form');
    const delay = within(within(form).getByTestId('recipient-policy-decision')).getByRole('textbox', {
      name: /^Délai pour décider après un échec \(heures\)/,
    });
    expect(delay).toHaveValue('24');

    await user.clear(delay);
    await user.type(delay, '200');
    await user.click(within(form).getByTestId('recipient-policy-save'));
    expect(await within(form).findByText('Indiquez un nombre entier de 1 à 168.')).toBeInTheDocument();
    expect(delay).toHaveAttribute('aria-invalid', 'true');
    expect(server.callsTo('PUT', '/api/settings/recipients')).toHaveLength(0);

    await user.clear(delay);
    await user.type(delay, '48');
    await user.click(within(form).getByTestId('recipient-policy-save'));
    await waitFor(() => expect(server.callsTo('PUT', '/api/settings/recipients')).toHaveLength(1));
    expect(server.callsTo('PUT', '/api/settings/recipients')[0].body).toEqual({ ...POLICY, decision_delay_hours: 48 });
    expect(await within(form).findByTestId('recipient-policy-saved')).toBeInTheDocument();
  });
});
