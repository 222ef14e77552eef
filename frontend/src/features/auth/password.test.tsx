import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockServer } from '../../test/mockServer';
import { renderApp } from '../../test/render';

const location = () => screen.getByTestId('location').textContent;

const SENT = { status: 202, body: { message: 'Si un compte existe pour cette adresse, un e-mail vient d’être envoyé.' } };

describe('forgotten password (/mot-de-passe-oublie)', () => {
  it('is reached from the sign-in page and leads back to it', async () => {
    const user = userEvent.setup();
    mockServer({ 'GET /api/user': { status: 401 } });
    renderApp('/compte/connexion');
    await user.click(await screen.findByRole('link', { name: 'Mot de passe oublié ?' }));
    await waitFor(() => expect(location()).toBe('/mot-de-passe-oublie'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Mot de passe oublié' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Retour à la connexion' }));
    await waitFor(() => expect(location()).toBe('/compte/connexion'));
  });

  it('sends the address under a fresh anti-forgery cookie and shows the same confirmation whatever the answer says (202)', async () => {
    const user = userEvent.setup();
    const server = mockServer({
      'GET /sanctum/csrf-cookie': { status: 204 },
      'POST /api/password/forgotten': SENT,
    });
    renderApp('/mot-de-passe-oublie');
    await user.type(await screen.findByLabelText(/Adresse e-mail/), 'samira@example.ma');
    await user.click(screen.getByRole('button', { name: 'Envoyer le lien' }));
    const panel = await screen.findByTestId('forgotten-password-sent');
    expect(panel).toHaveTextContent('Si un compte existe pour cette adresse, un e-mail vient d’être envoyé à samira@example.ma');
    expect(panel).toHaveTextContent('valable 30 minutes');
    expect(server.callsTo('POST', '/api/password/forgotten').map((call) => call.body)).toEqual([{ email: 'samira@example.ma' }]);
    expect(server.callsTo('GET', '/sanctum/csrf-cookie')).toHaveLength(1);
    // A public page: no session is restored there.
    expect(server.callsTo('GET', '/api/user')).toHaveLength(0);
    expect(screen.queryByLabelText(/Adresse e-mail/)).not.toBeInTheDocument();
    // Another address: the form again, with the one typed.
    await user.click(screen.getByRole('button', { name: 'Essayer une autre adresse' }));
    expect(await screen.findByLabelText(/Adresse e-mail/)).toHaveValue('samira@example.ma');
  });

  it('says how many minutes to wait on too many requests (429 and Retry-After)', async () => {
    const user = userEvent.setup();
    mockServer({
      'GET /sanctum/csrf-cookie': { status: 204 },
      'POST /api/password/forgotten': { status: 429, body: { message: 'Too Many Attempts.' }, headers: { 'Retry-After': '230' } },
    });
    renderApp('/mot-de-passe-oublie');
    await user.type(await screen.findByLabelText(/Adresse e-mail/), 'samira@example.ma');
    await user.click(screen.getByRole('button', { name: 'Envoyer le lien' }));
    expect(await screen.findByTestId('form-error')).toHaveTextContent('Trop de demandes, réessayez dans 4 minutes.');
    expect(screen.queryByTestId('forgotten-password-sent')).not.toBeInTheDocument();
  });

  it('shows a refused address under its field (422), and an empty one before any request', async () => {
    const user = userEvent.setup();
    const server = mockServer({
      'GET /sanctum/csrf-cookie': { status: 204 },
      'POST /api/password/forgotten': { status: 422, body: { message: 'Données invalides', errors: { email: ['Adresse e-mail invalide.'] } } },
    });
    renderApp('/mot-de-passe-oublie');
    const field = await screen.findByLabelText(/Adresse e-mail/);
    await user.click(screen.getByRole('button', { name: 'Envoyer le lien' }));
    expect(await screen.findByText('Indiquez votre e-mail.')).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/password/forgotten')).toHaveLength(0);
    await user.type(field, 'samira@');
    await user.click(screen.getByRole('button', { name: 'Envoyer le lien' }));
    expect(await screen.findByText('Adresse e-mail invalide.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('new password (/reinitialiser-mot-de-passe?jeton=)', () => {
  it('shows the link-error panel, leading to a new link, when the address has no token', async () => {
    const user = userEvent.setup();
    const server = mockServer({});
    renderApp('/reinitialiser-mot-de-passe');
    const panel = await screen.findByTestId('reset-password-invalid');
    expect(panel).toHaveTextContent('Ce lien n’est plus valable');
    expect(screen.queryByLabelText(/Nouveau mot de passe/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Demander un nouveau lien' }));
    await waitFor(() => expect(location()).toBe('/mot-de-passe-oublie'));
    expect(server.calls).toHaveLength(0);
  });

  it('shows the link-error panel when the server refuses the token (422 on token)', async () => {
    const user = userEvent.setup();
    mockServer({
      'GET /sanctum/csrf-cookie': { status: 204 },
      'POST /api/password/reset': { status: 422, body: { message: 'Données invalides', errors: { token: ['Ce lien n’est plus valable.'] } } },
    });
    renderApp('/reinitialiser-mot-de-passe?jeton=used-token');
    await user.type(await screen.findByLabelText(/^Nouveau mot de passe/), 'Cedre-Ifrane-2026');
    await user.type(screen.getByLabelText(/^Confirmation du mot de passe/), 'Cedre-Ifrane-2026');
    await user.click(screen.getByRole('button', { name: 'Enregistrer le mot de passe' }));
    const panel = await screen.findByTestId('reset-password-invalid');
    expect(within(panel).getByText('Ce lien n’est plus valable')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Demander un nouveau lien' })).toHaveAttribute('href', '/mot-de-passe-oublie');
    expect(screen.queryByLabelText(/^Nouveau mot de passe/)).not.toBeInTheDocument();
  });

  it('shows the refusals of the password under its fields (422), and a mismatch before any request', async () => {
    const user = userEvent.setup();
    const server = mockServer({
      'GET /sanctum/csrf-cookie': { status: 204 },
      'POST /api/password/reset': {
        status: 422,
        body: { message: 'Données invalides', errors: { password: ['Ce mot de passe est trop courant.'], password_confirmation: ['Les deux mots de passe diffèrent.'] } },
      },
    });
    renderApp('/reinitialiser-mot-de-passe?jeton=T0KEN');
    await user.type(await screen.findByLabelText(/^Nouveau mot de passe/), 'password1');
    await user.type(screen.getByLabelText(/^Confirmation du mot de passe/), 'password2');
    await user.click(screen.getByRole('button', { name: 'Enregistrer le mot de passe' }));
    expect(await screen.findByText('Les deux mots de passe ne correspondent pas.')).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/password/reset')).toHaveLength(0);
    await user.clear(screen.getByLabelText(/^Confirmation du mot de passe/));
    await user.type(screen.getByLabelText(/^Confirmation du mot de passe/), 'password1');
    await user.click(screen.getByRole('button', { name: 'Enregistrer le mot de passe' }));
    expect(await screen.findByText('Ce mot de passe est trop courant.')).toBeInTheDocument();
    expect(screen.getByText('Les deux mots de passe diffèrent.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Nouveau mot de passe/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByTestId('reset-password-invalid')).not.toBeInTheDocument();
  });

  it('saves the new password with the token, then goes to the sign-in page saying so', async () => {
    const user = userEvent.setup();
    const server = mockServer({
      'GET /sanctum/csrf-cookie': { status: 204 },
      'POST /api/password/reset': { status: 200, body: { message: 'Mot de passe changé.' } },
    });
    renderApp('/reinitialiser-mot-de-passe?jeton=abc123');
    expect(await screen.findByRole('heading', { level: 1, name: 'Nouveau mot de passe' })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Nouveau mot de passe/), 'Cedre-Ifrane-2026');
    await user.type(screen.getByLabelText(/^Confirmation du mot de passe/), 'Cedre-Ifrane-2026');
    await user.click(screen.getByRole('button', { name: 'Enregistrer le mot de passe' }));
    await waitFor(() => expect(location()).toBe('/compte/connexion'));
    expect(await screen.findByTestId('login-notice')).toHaveTextContent('Mot de passe changé : connectez-vous.');
    expect(server.callsTo('POST', '/api/password/reset').map((call) => call.body)).toEqual([
      { token: 'abc123', password: 'Cedre-Ifrane-2026', password_confirmation: 'Cedre-Ifrane-2026' },
    ]);
  });

  it('asks a new staff member to choose his password (an invitation)', async () => {
    mockServer({});
    renderApp('/reinitialiser-mot-de-passe?jeton=invite&invitation=1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Choisissez votre mot de passe' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Nouveau mot de passe/)).toBeInTheDocument();
  });
});
