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
};

describe('the delay to decide after a failed attempt (company settings, issue 40)', () => {
  it('shows 24 hours when never set, checks 1 to 168, and sends it with the whole policy', async () => {
    const user = userEvent.setup();
    const server = mockServer({
      'GET /api/settings/company': { status: 200, body: { data: COMPANY } },
      'GET /api/settings/recipients': { status: 200, body: { data: POLICY } },
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
