import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adminSession, merchantSession, deliverySession } from '../test/fixtures';
import { mockServer } from '../test/mockServer';
import { renderApp } from '../test/render';

const location = () => screen.getByTestId('location').textContent;

describe('app start-up and routing', () => {
  it('shows a loader while the session is restored, then the login page for a visitor', async () => {
    let release: (() => void) | null = null;
    mockServer({
      'GET /api/user': () =>
        new Promise((resolve) => {
          release = () => resolve({ status: 401, body: { message: 'Unauthenticated.' } });
        }),
    });
    renderApp('/');
    expect(screen.getByTestId('session-loader')).toBeInTheDocument();
    await waitFor(() => expect(release).not.toBeNull());
    expect(screen.getByTestId('session-loader')).toBeInTheDocument();
    release!();
    expect(await screen.findByTestId('login-form')).toBeInTheDocument();
    expect(location()).toBe('/');
  });

  it('goes to login when restoring fails on a protected page', async () => {
    mockServer({ 'GET /api/user': { status: 500, body: { message: 'down' } } });
    renderApp('/compte/profile');
    expect(await screen.findByTestId('login-form')).toBeInTheDocument();
    expect(location()).toBe('/compte/connexion');
  });

  it('sends a visitor on a role page to login, and keeps him on the registration page', async () => {
    mockServer({ 'GET /api/user': { status: 401, body: { message: 'Unauthenticated.' } } });
    renderApp('/compte/accueille');
    await waitFor(() => expect(location()).toBe('/compte/connexion'));
  });

  it('lets a visitor open the registration page', async () => {
    mockServer({ 'GET /api/user': { status: 401, body: { message: 'Unauthenticated.' } } });
    renderApp('/compte/inscription');
    expect(await screen.findByTestId('register-form')).toBeInTheDocument();
    expect(location()).toBe('/compte/inscription');
  });

  it('sends unknown /compte paths to the 404 page (blank layout)', async () => {
    mockServer({ 'GET /api/user': { status: 401 } });
    renderApp('/compte/nimporte-quoi');
    expect(await screen.findByTestId('not-found')).toBeInTheDocument();
    expect(location()).toBe('/compte/not-found');
    expect(screen.getByTestId('layout-blank')).toBeInTheDocument();
  });

  it('lands an activated client on his first permission from the login alias', async () => {
    mockServer({ 'GET /api/user': { status: 200, body: merchantSession() } });
    renderApp('/');
    expect(await screen.findByTestId('dashboard')).toHaveAttribute('data-role', 'client');
    expect(location()).toBe('/compte/accueille');
  });

  it('lands an admin on /compte/tableau-de-bord and a staff member on his first permission', async () => {
    mockServer({
      'GET /api/user': { status: 200, body: adminSession(['cities', 'clients']) },
      'GET /api/cities': { status: 200, body: { data: [], meta: { page: 1, per_page: 25, total: 0 } } },
    });
    renderApp('/compte/connexion');
    await waitFor(() => expect(location()).toBe('/compte/villes'));
    // The lazily loaded cities screen, with its on-demand texts.
    expect(await screen.findByTestId('cities-screen')).toHaveTextContent('Les villes desservies et leurs tarifs par défaut.');
  });

  it('lands a delivery person on all-parcels after sign-in (guest-only rule)', async () => {
    mockServer({ 'GET /api/user': { status: 200, body: deliverySession() } });
    renderApp('/compte/connexion');
    await waitFor(() => expect(location()).toBe('/compte/tous-les-colis'));
  });

  it('opens the dashboard through the /compte alias', async () => {
    mockServer({ 'GET /api/user': { status: 200, body: deliverySession() } });
    renderApp('/compte');
    expect(await screen.findByTestId('dashboard')).toHaveAttribute('data-role', 'delivery-admin');
  });

  it('sends a client who is not activated to the activation page', async () => {
    mockServer({ 'GET /api/user': { status: 200, body: merchantSession({ active: false }) } });
    renderApp('/compte/accueille');
    expect(await screen.findByTestId('activation-card')).toBeInTheDocument();
    expect(location()).toBe('/compte/activation');
  });

  it('hides routes a staff member does not hold (404)', async () => {
    mockServer({ 'GET /api/user': { status: 200, body: adminSession(['dashboard', 'cities']) } });
    renderApp('/compte/clients');
    expect(await screen.findByTestId('not-found')).toBeInTheDocument();
  });

  it('moves an activated user away from the activation page to his first permission', async () => {
    mockServer({ 'GET /api/user': { status: 200, body: adminSession(['dashboard']) } });
    renderApp('/compte/activation');
    await waitFor(() => expect(location()).toBe('/compte/tableau-de-bord'));
  });

  it('activation refresh re-reads the user and moves on once activated', async () => {
    const user = userEvent.setup();
    const server = mockServer({
      'GET /api/user': [
        { status: 200, body: merchantSession({ active: false }) },
        { status: 200, body: merchantSession({ active: false }) },
        { status: 200, body: merchantSession({ active: true }) },
      ],
    });
    renderApp('/compte/activation');
    await user.click(await screen.findByTestId('activation-refresh'));
    expect(await screen.findByTestId('activation-notice')).toHaveTextContent("Votre compte n'est pas encore activé.");
    await user.click(screen.getByTestId('activation-refresh'));
    await waitFor(() => expect(location()).toBe('/compte/accueille'));
    expect(server.callsTo('GET', '/api/user')).toHaveLength(3);
  });

  it('signs out from the activation page to /compte/connexion', async () => {
    const user = userEvent.setup();
    const server = mockServer({
      'GET /api/user': { status: 200, body: merchantSession({ active: false }) },
      'GET /api/logout': { status: 204 },
    });
    renderApp('/compte/activation');
    await user.click(await screen.findByTestId('activation-sign-out'));
    await waitFor(() => expect(location()).toBe('/compte/connexion'));
    expect(server.callsTo('GET', '/api/logout')).toHaveLength(1);
    expect(await screen.findByTestId('login-form')).toBeInTheDocument();
  });
});
