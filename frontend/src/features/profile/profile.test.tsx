import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { adminSession, merchantSession } from '../../test/fixtures';
import { mockServer } from '../../test/mockServer';
import { renderWithProviders } from '../../test/render';
import ProfileScreen from './ProfileScreen';
import { fitWithin } from '../../components/resizeImage';

const token = (key: string, name: string) => ({
  key,
  name,
  abilities: ['*'],
  expires_at: null,
  last_used_at: null,
  created_at: '2026-03-01T10:00:00Z',
});

describe('profile photo resize', () => {
  it.each([
    [1024, 768, { width: 256, height: 192 }],
    [300, 1200, { width: 64, height: 256 }],
    [200, 100, { width: 200, height: 100 }],
    [256, 256, { width: 256, height: 256 }],
  ])('%i×%i fits in 256×256', (w, h, expected) => {
    expect(fitWithin(w, h)).toEqual(expected);
  });
});

describe('profile screen', () => {
  it('saves name and phone, updates the local user on a 200, removes the photo with null', async () => {
    const user = userEvent.setup();
    const server = mockServer({
      'GET /api/tokens': { status: 200, body: { data: [], meta: { page: 1, per_page: 100, total: 0 } } },
      'PUT /api/users': (call) => ({
        status: 200,
        body: { data: { ...merchantSession().user_data, ...(call.body as object) } },
      }),
    });
    const { store } = renderWithProviders(<ProfileScreen />, {
      session: merchantSession({}, { avatar: 'data:image/jpeg;base64,AAAA' }),
    });
    const form = screen.getByTestId('profile-form');
    const lastName = within(form).getByLabelText(/^Nom/);
    await user.clear(lastName);
    await user.type(lastName, 'Alami');
    await user.click(screen.getByTestId('profile-avatar-remove'));
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByTestId('profile-saved')).toBeInTheDocument();
    expect(server.callsTo('PUT', '/api/users')[0].body).toEqual({
      first_name: 'Samira',
      last_name: 'Alami',
      phone: '0612345678',
      avatar: null,
    });
    expect(store.getState().auth.user?.last_name).toBe('Alami');
    expect(store.getState().auth.user?.avatar).toBeNull();
  });

  it('says a phone is not a Moroccan one before sending anything, and drops the message on typing', async () => {
    const user = userEvent.setup();
    const server = mockServer({
      'GET /api/tokens': { status: 200, body: { data: [], meta: { page: 1, per_page: 100, total: 0 } } },
      'PUT /api/users': { status: 200, body: { data: merchantSession().user_data } },
    });
    renderWithProviders(<ProfileScreen />, { session: merchantSession() });
    const form = screen.getByTestId('profile-form');
    const phone = within(form).getByLabelText(/^Téléphone/);
    await user.clear(phone);
    await user.type(phone, '06 12 34');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(form).findByText('Numéro de téléphone marocain invalide (ex. 0612345678 ou +212612345678).')).toBeInTheDocument();
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(server.callsTo('PUT', '/api/users')).toHaveLength(0);
    await user.type(phone, ' 56 78');
    expect(within(form).queryByText(/Numéro de téléphone marocain invalide/)).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(server.callsTo('PUT', '/api/users')).toHaveLength(1));
    expect(server.callsTo('PUT', '/api/users')[0].body).toMatchObject({ phone: '06 12 34 56 78' });
  });

  it('shows the server field errors (wrong current password) and does not send avatar when unchanged', async () => {
    const user = userEvent.setup();
    const server = mockServer({
      'PUT /api/users': { status: 422, body: { message: 'Invalid', errors: { current_password: ['Mot de passe actuel incorrect.'] } } },
    });
    renderWithProviders(<ProfileScreen />, { session: adminSession() });
    const form = screen.getByTestId('password-form');
    await user.type(within(form).getByLabelText(/^Mot de passe actuel/), 'nope');
    await user.type(within(form).getByLabelText(/^Nouveau mot de passe/), 'Argan-Tajine-2026');
    await user.type(within(form).getByLabelText(/^Confirmation/), 'Argan-Tajine-2026');
    await user.click(within(form).getByRole('button', { name: 'Changer le mot de passe' }));
    expect(await within(form).findByText('Mot de passe actuel incorrect.')).toBeInTheDocument();
    const body = server.callsTo('PUT', '/api/users')[0].body as Record<string, unknown>;
    expect(body).toMatchObject({ current_password: 'nope', password: 'Argan-Tajine-2026', password_confirmation: 'Argan-Tajine-2026' });
    expect(body).not.toHaveProperty('avatar');
  });

  it('refuses mismatching passwords before calling the server', async () => {
    const user = userEvent.setup();
    const server = mockServer({});
    renderWithProviders(<ProfileScreen />, { session: adminSession() });
    const form = screen.getByTestId('password-form');
    await user.type(within(form).getByLabelText(/^Mot de passe actuel/), 'old');
    await user.type(within(form).getByLabelText(/^Nouveau mot de passe/), 'Argan-Tajine-2026');
    await user.type(within(form).getByLabelText(/^Confirmation/), 'Other-2026');
    await user.click(within(form).getByRole('button', { name: 'Changer le mot de passe' }));
    expect(within(form).getByText('Les deux mots de passe ne correspondent pas.')).toBeInTheDocument();
    expect(server.callsTo('PUT', '/api/users')).toHaveLength(0);
  });

  it('hides API tokens from admins', () => {
    mockServer({});
    renderWithProviders(<ProfileScreen />, { session: adminSession() });
    expect(screen.queryByTestId('tokens-card')).not.toBeInTheDocument();
  });

  it('lets a merchant create a token, shows it once with a copy button, lists and revokes', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    let tokens = [token('t1', 'Boutique Shopify')];
    const server = mockServer({
      'GET /api/tokens': () => ({ status: 200, body: { data: tokens, meta: { page: 1, per_page: 100, total: tokens.length } } }),
      'POST /api/tokens': (call) => {
        const created = token('t2', (call.body as { name: string }).name);
        tokens = [...tokens, created];
        return { status: 201, body: { data: created, token: '2|plainTextSecretToken' } };
      },
      'DELETE /api/tokens/t1': () => {
        tokens = tokens.filter((t) => t.key !== 't1');
        return { status: 204 };
      },
    });
    renderWithProviders(<ProfileScreen />, { session: merchantSession() });
    expect(await screen.findAllByTestId('token-row')).toHaveLength(1);

    const form = screen.getByTestId('token-form');
    await user.type(within(form).getByLabelText(/^Nom du jeton/), 'WooCommerce');
    const expiry = within(form).getByLabelText(/^Date d'expiration/);
    await user.clear(expiry);
    await user.type(expiry, '2027-01-31');
    await user.click(within(form).getByRole('button', { name: 'Créer un jeton' }));
    const dialog = await screen.findByTestId('new-token-dialog');
    expect(within(dialog).getByTestId('new-token-value')).toHaveValue('2|plainTextSecretToken');
    await user.click(within(dialog).getByTestId('new-token-copy'));
    expect(writeText).toHaveBeenCalledWith('2|plainTextSecretToken');
    expect(await within(dialog).findByTestId('new-token-copied')).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/tokens')[0].body).toEqual({
      name: 'WooCommerce',
      abilities: ['read', 'write'],
      expires_at: '2027-01-31',
    });
    await user.click(within(dialog).getByRole('button', { name: "J'ai copié mon jeton" }));
    await waitFor(() => expect(screen.queryByTestId('new-token-dialog')).not.toBeInTheDocument());
    // The plain token is gone for good.
    expect(screen.queryByDisplayValue('2|plainTextSecretToken')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('token-row')).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: 'Révoquer Boutique Shopify' }));
    const confirm = await screen.findByTestId('revoke-dialog');
    await user.click(within(confirm).getByRole('button', { name: 'Révoquer' }));
    await waitFor(() => expect(screen.getAllByTestId('token-row')).toHaveLength(1));
    expect(server.callsTo('DELETE', '/api/tokens/t1')).toHaveLength(1);
    expect(screen.getByTestId('tokens-table')).toHaveTextContent('WooCommerce');
  });
});
