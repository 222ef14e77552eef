import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adminSession, ALL_ADMIN_PERMISSIONS, merchantSession } from '../../test/fixtures';
import { listReply } from '../../test/listReply';
import { mockServer } from '../../test/mockServer';
import { renderWithProviders } from '../../test/render';
import type { StaffView } from './api';
import StaffScreen from './StaffScreen';

function member(key: string, overrides: Partial<StaffView> = {}): StaffView {
  return {
    key,
    first_name: 'Nadia',
    last_name: 'Tazi',
    email: `${key.toLowerCase()}@colivra.ma`,
    phone: '0611223344',
    active: true,
    permissions: ['dashboard', 'cities'],
    created_at: '2026-02-01T10:00:00Z',
    ...overrides,
  };
}

const empty = (call: { query: Record<string, string> }) => listReply([], call.query);

describe('staff screen', () => {
  it('lets a merchant add a team member with some of his own client permissions', async () => {
    const user = userEvent.setup();
    const server = mockServer({
      'GET /api/managers': empty,
      'POST /api/managers': (call) => ({ status: 201, body: { data: member('T1', call.body as Partial<StaffView>) } }),
    });
    renderWithProviders(<StaffScreen />, { session: merchantSession({}, { permissions: ['dashboard', 'shops', 'staff', 'pricing'] }) });
    expect(await screen.findByTestId('staff-screen')).toHaveAttribute('data-scope', 'client');
    expect(screen.queryByTestId('tab-admins')).not.toBeInTheDocument();
    await user.click(await screen.findByTestId('create-button'));
    const dialog = await screen.findByTestId('form-dialog');
    // Only what he holds himself.
    expect(within(dialog).getAllByRole('checkbox').map((box) => box.getAttribute('value'))).toEqual([
      'dashboard',
      'shops',
      'staff',
      'pricing',
    ]);
    await user.type(within(dialog).getByLabelText(/^Prénom/), 'Imane');
    await user.type(within(dialog).getByLabelText(/^Nom/), 'Chraibi');
    await user.type(within(dialog).getByLabelText(/^Adresse e-mail/), 'imane@souk.ma');
    await user.type(within(dialog).getByLabelText(/^Mot de passe/), 'Cedre-Ifrane-2026');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Boutiques' }));
    await user.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(server.callsTo('POST', '/api/managers')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/managers')[0].body).toEqual({
      first_name: 'Imane',
      last_name: 'Chraibi',
      email: 'imane@souk.ma',
      phone: '',
      password: 'Cedre-Ifrane-2026',
      permissions: ['shops'],
    });
  });

  it('invites a new account to choose his password when the password is left empty (none sent)', async () => {
    const user = userEvent.setup();
    const server = mockServer({
      'GET /api/managers': empty,
      'GET /api/admins': empty,
      'POST /api/admins': (call) => ({ status: 201, body: { data: member('A7', call.body as Partial<StaffView>) } }),
    });
    renderWithProviders(<StaffScreen />, { session: adminSession(ALL_ADMIN_PERMISSIONS, { key: 'A1' }) });
    await user.click(await screen.findByTestId('tab-admins'));
    await user.click(await within(await screen.findByTestId('admins-list')).findByTestId('create-button'));
    const dialog = await screen.findByTestId('form-dialog');
    const password = within(dialog).getByLabelText(/^Mot de passe/);
    expect(password).not.toBeRequired();
    expect(within(dialog).getByText('Laisser vide pour envoyer une invitation par e-mail (lien valable 7 jours).')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Prénom/), 'Salma');
    await user.type(within(dialog).getByLabelText(/^Nom/), 'Idrissi');
    await user.type(within(dialog).getByLabelText(/^Adresse e-mail/), 'salma@colivra.ma');
    await user.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(server.callsTo('POST', '/api/admins')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/admins')[0].body).toEqual({
      first_name: 'Salma',
      last_name: 'Idrissi',
      email: 'salma@colivra.ma',
      phone: '',
    });
  });

  it('shows an admin his managers, with admin menu permissions he holds, and the 403 of the server', async () => {
    const user = userEvent.setup();
    const held = ['dashboard', 'clients', 'cities', 'staff'];
    const server = mockServer({
      'GET /api/managers': (call) => listReply([member('A2'), member('A3', { last_name: 'Kettani', permissions: ['dashboard', 'delivery-invoices'] })], call.query),
      'PUT /api/managers/A2': { status: 403, body: { message: "Vous ne pouvez pas accorder une permission que vous n'avez pas : cities." } },
    });
    renderWithProviders(<StaffScreen />, { session: adminSession(held, { key: 'A1' }) });
    expect(await screen.findByTestId('staff-screen')).toHaveAttribute('data-scope', 'admin');
    expect(await screen.findAllByTestId('table-row')).toHaveLength(2);
    // A manager holding a permission the caller lacks cannot be changed by him.
    expect(screen.queryByRole('button', { name: 'Modifier Nadia Kettani' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Modifier Nadia Tazi' }));
    const dialog = await screen.findByTestId('form-dialog');
    expect(within(dialog).getAllByRole('checkbox').map((box) => box.getAttribute('value'))).toEqual(held);
    expect(within(dialog).getByRole('checkbox', { name: 'Villes' })).toBeChecked();
    expect(within(dialog).getByLabelText(/^Nouveau mot de passe/)).toHaveValue('');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Marchands' }));
    await user.click(within(dialog).getByTestId('form-submit'));
    expect(await within(dialog).findByTestId('form-error')).toHaveTextContent('Vous ne pouvez pas accorder une permission');
    // A blank password is not sent: the current one stays.
    expect(server.callsTo('PUT', '/api/managers/A2')[0].body).toEqual({
      first_name: 'Nadia',
      last_name: 'Tazi',
      email: 'a2@colivra.ma',
      phone: '0611223344',
      active: true,
      permissions: ['dashboard', 'clients', 'cities'],
    });
  });

  it('lists full admins on their tab; only a full admin may add one, nobody deletes himself', async () => {
    const user = userEvent.setup();
    mockServer({
      'GET /api/managers': empty,
      'GET /api/admins': (call) => listReply([member('A1', { permissions: ALL_ADMIN_PERMISSIONS }), member('A9', { last_name: 'Alaoui' })], call.query),
    });
    const full = renderWithProviders(<StaffScreen />, { session: adminSession(ALL_ADMIN_PERMISSIONS, { key: 'A1' }) });
    await user.click(await screen.findByTestId('tab-admins'));
    const list = await screen.findByTestId('admins-list');
    expect(await within(list).findAllByTestId('table-row')).toHaveLength(2);
    expect(within(list).getByTestId('create-button')).toHaveTextContent('Ajouter un administrateur');
    expect(within(list).queryByRole('button', { name: 'Supprimer Nadia Tazi' })).not.toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Supprimer Nadia Alaoui' })).toBeInTheDocument();
    full.unmount();

    renderWithProviders(<StaffScreen />, { session: adminSession(['dashboard', 'staff'], { key: 'A5' }) });
    await user.click(await screen.findByTestId('tab-admins'));
    const readOnly = await screen.findByTestId('admins-list');
    expect(await within(readOnly).findAllByTestId('table-row')).toHaveLength(2);
    expect(within(readOnly).queryByTestId('create-button')).not.toBeInTheDocument();
    expect(within(readOnly).queryByTestId('row-action-edit')).not.toBeInTheDocument();
    expect(within(readOnly).queryByTestId('row-action-delete')).not.toBeInTheDocument();
  });
});
