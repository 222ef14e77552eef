import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../core/store';
import ContentLayout from '../../layouts/ContentLayout';
import { STORAGE_KEYS } from '../../theme/constants';
import { setLanguage } from '../../theme/settingsSlice';
import { merchantSession } from '../../test/fixtures';
import { mockServer } from '../../test/mockServer';
import { renderApp, renderWithProviders } from '../../test/render';

/** Opens the settings menu and picks a language by its name. */
async function chooseLanguage(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(screen.getByTestId('settings-button'));
  await user.click(within(screen.getByTestId('settings-language')).getByRole('button', { name }));
}

describe('the language kept in the profile', () => {
  it('applies the signed-in user’s language when it differs from this browser’s, and reads right to left in Arabic', async () => {
    mockServer({ 'GET /api/user': { status: 200, body: merchantSession({ language: 'ar' }) } });
    const { store } = renderApp('/compte/accueille');
    await waitFor(() => expect(store.getState().settings.language).toBe('ar'));
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    expect(document.documentElement.lang).toBe('ar');
    expect(window.localStorage.getItem(STORAGE_KEYS.language)).toBe('ar');
    expect(await screen.findByText('لوحة التحكم', { selector: '[data-testid="side-menu"] *' })).toBeInTheDocument();
  });

  it('keeps this browser’s language when the profile has none yet', async () => {
    const server = mockServer({ 'GET /api/user': { status: 200, body: merchantSession({ language: null }) } });
    const store = makeStore();
    store.dispatch(setLanguage('en'));
    renderApp('/compte/accueille', store);
    await waitFor(() => expect(server.callsTo('GET', '/api/user')).toHaveLength(1));
    await screen.findByTestId('side-menu');
    expect(store.getState().settings.language).toBe('en');
    expect(document.documentElement.dir).toBe('ltr');
    expect(server.callsTo('PUT', '/api/users/language')).toHaveLength(0);
  });

  it('keeps a signed-in user’s choice in his profile, and asks the server in Arabic from then on', async () => {
    const user = userEvent.setup();
    const server = mockServer({ 'PUT /api/users/language': { status: 204 } });
    const { store } = renderWithProviders(<ContentLayout />, { session: merchantSession(), path: '/compte/accueille' });
    await chooseLanguage(user, 'العربية');
    await waitFor(() => expect(server.callsTo('PUT', '/api/users/language')).toHaveLength(1));
    const put = server.callsTo('PUT', '/api/users/language')[0];
    expect(put.body).toEqual({ language: 'ar' });
    expect(put.headers.get('Accept-Language')).toBe('ar');
    expect(store.getState().settings.language).toBe('ar');
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));

    await chooseLanguage(user, 'Français');
    await waitFor(() => expect(server.callsTo('PUT', '/api/users/language')).toHaveLength(2));
    expect(server.callsTo('PUT', '/api/users/language')[1].body).toEqual({ language: 'fr' });
    await waitFor(() => expect(document.documentElement.dir).toBe('ltr'));
  });

  it('keeps the choice on this browser when the profile cannot take it', async () => {
    const user = userEvent.setup();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockServer({ 'PUT /api/users/language': { status: 422, body: { message: 'Invalid.', errors: { language: ['Invalid.'] } } } });
    const { store } = renderWithProviders(<ContentLayout />, { session: merchantSession(), path: '/compte/accueille' });
    await chooseLanguage(user, 'English');
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(store.getState().settings.language).toBe('en');
    expect(window.localStorage.getItem(STORAGE_KEYS.language)).toBe('en');
  });

  it('changes only this browser’s language for a visitor, on the sign-in page', async () => {
    const user = userEvent.setup();
    const server = mockServer({ 'GET /api/user': { status: 401, body: { message: 'Unauthenticated.' } } });
    const { store } = renderApp('/compte/connexion');
    await screen.findByTestId('login-form');
    await user.click(screen.getByRole('button', { name: 'AR' }));
    expect(store.getState().settings.language).toBe('ar');
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    expect(await screen.findByRole('button', { name: 'تسجيل الدخول' })).toBeInTheDocument();
    expect(server.callsTo('PUT', '/api/users/language')).toHaveLength(0);
  });
});
