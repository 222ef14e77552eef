import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { merchantSession } from '../../test/fixtures';
import { mockServer } from '../../test/mockServer';
import { renderApp } from '../../test/render';

const location = () => screen.getByTestId('location').textContent;

/** GET /api/cities/served: the cities the company delivers to. */
const SERVED = [
  { key: 'CASA', name: 'Casablanca' },
  { key: 'FES', name: 'Fès' },
  { key: 'RBA', name: 'Rabat' },
  { key: 'TNG', name: 'Tanger' },
];

describe('sign-in', () => {
  it('says which field is empty under it, sends nothing, and drops the message on typing', async () => {
    const user = userEvent.setup();
    const server = mockServer({
      'GET /api/user': { status: 401 },
      'GET /sanctum/csrf-cookie': { status: 204 },
      'POST /api/login': { status: 422, body: { message: 'Invalid data', errors: { email: ['Ces identifiants ne correspondent pas.'] } } },
    });
    renderApp('/compte/connexion');
    const email = await screen.findByLabelText(/Adresse e-mail/);
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByText('Indiquez votre e-mail.')).toBeInTheDocument();
    expect(screen.getByText('Indiquez votre mot de passe.')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^Mot de passe/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Ces identifiants ne correspondent pas.')).not.toBeInTheDocument();
    expect(server.callsTo('POST', '/api/login')).toHaveLength(0);
    expect(server.callsTo('GET', '/sanctum/csrf-cookie')).toHaveLength(0);
    // Typing in the e-mail takes its message away; the password's stays.
    await user.type(email, 'x@y.ma');
    expect(screen.queryByText('Indiquez votre e-mail.')).not.toBeInTheDocument();
    expect(screen.getByText('Indiquez votre mot de passe.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(screen.getByText('Indiquez votre mot de passe.')).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/login')).toHaveLength(0);
  });

  it('shows the server error under the email field on a 422', async () => {
    const user = userEvent.setup();
    mockServer({
      'GET /api/user': { status: 401 },
      'GET /sanctum/csrf-cookie': { status: 204 },
      'POST /api/login': {
        status: 422,
        body: { message: 'Invalid data', errors: { email: ['Ces identifiants ne correspondent pas.'] } },
      },
    });
    renderApp('/compte/connexion');
    await user.type(await screen.findByLabelText(/Adresse e-mail/), 'x@y.ma');
    await user.type(screen.getByLabelText(/^Mot de passe/), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByText('Ces identifiants ne correspondent pas.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Adresse e-mail/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('says so on too many attempts (429)', async () => {
    const user = userEvent.setup();
    mockServer({
      'GET /api/user': { status: 401 },
      'GET /sanctum/csrf-cookie': { status: 204 },
      'POST /api/login': { status: 429, body: { message: 'Too Many Attempts.' } },
    });
    renderApp('/compte/connexion');
    await user.type(await screen.findByLabelText(/Adresse e-mail/), 'x@y.ma');
    await user.type(screen.getByLabelText(/^Mot de passe/), 'pw');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByTestId('form-error')).toHaveTextContent('Trop de tentatives');
  });

  it('signs in (cookie first, remember sent), loads the session and lands on the first permission', async () => {
    const user = userEvent.setup();
    const server = mockServer({
      'GET /api/user': [{ status: 401 }, { status: 200, body: merchantSession() }],
      'GET /sanctum/csrf-cookie': { status: 204 },
      'POST /api/login': { status: 200, body: merchantSession() },
    });
    renderApp('/compte/connexion');
    await user.type(await screen.findByLabelText(/Adresse e-mail/), ' client@colivra.ma ');
    await user.type(screen.getByLabelText(/^Mot de passe/), 'Client#Colivra2026');
    await user.click(screen.getByLabelText('Se souvenir de moi'));
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    await waitFor(() => expect(location()).toBe('/compte/accueille'));
    expect(server.callsTo('POST', '/api/login')[0].body).toEqual({
      email: 'client@colivra.ma',
      password: 'Client#Colivra2026',
      remember: true,
    });
    expect(server.callsTo('GET', '/api/user')).toHaveLength(2);
  });
});

describe('merchant registration', () => {
  it('shows each 422 field error under its field', async () => {
    const user = userEvent.setup();
    mockServer({
      'GET /api/user': { status: 401 },
      'GET /sanctum/csrf-cookie': { status: 204 },
      'POST /api/clients': {
        status: 422,
        body: {
          message: 'The given data was invalid.',
          errors: {
            phone: ['Numéro de téléphone marocain invalide.'],
            password: ['Ce mot de passe est trop courant.'],
            email: ['Cette adresse est déjà utilisée.'],
          },
        },
      },
    });
    renderApp('/compte/inscription');
    await user.type(await screen.findByLabelText(/^Prénom/), 'Samira');
    await user.type(screen.getByLabelText(/^Téléphone/), '0612345678');
    await user.click(screen.getByRole('button', { name: "S'inscrire" }));
    expect(await screen.findByText('Numéro de téléphone marocain invalide.')).toBeInTheDocument();
    expect(screen.getByText('Ce mot de passe est trop courant.')).toBeInTheDocument();
    expect(screen.getByText('Cette adresse est déjà utilisée.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Téléphone/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^Prénom/)).toHaveAttribute('aria-invalid', 'false');
  });

  it('says a phone is not a Moroccan one before sending anything, and drops the message on typing', async () => {
    const user = userEvent.setup();
    const server = mockServer({
      'GET /api/user': { status: 401 },
      'GET /sanctum/csrf-cookie': { status: 204 },
      'POST /api/clients': { status: 201, body: merchantSession({ active: false }) },
    });
    renderApp('/compte/inscription');
    const phone = await screen.findByLabelText(/^Téléphone/);
    await user.type(phone, '+33 6 12 34 56 78');
    await user.click(screen.getByRole('button', { name: "S'inscrire" }));
    expect(await screen.findByText('Numéro de téléphone marocain invalide (ex. 0612345678 ou +212612345678).')).toBeInTheDocument();
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(server.callsTo('POST', '/api/clients')).toHaveLength(0);
    await user.clear(phone);
    expect(screen.queryByText(/Numéro de téléphone marocain invalide/)).not.toBeInTheDocument();
    expect(screen.getByText('Numéro marocain, par exemple 0612345678')).toBeInTheDocument();
  });

  it('registers, loads the session without a second cookie fetch and shows the activation page', async () => {
    const user = userEvent.setup();
    const server = mockServer({
      'GET /api/user': [{ status: 401 }, { status: 200, body: merchantSession({ active: false }) }],
      'GET /sanctum/csrf-cookie': { status: 204 },
      'GET /api/cities/served': { status: 200, body: { data: SERVED } },
      'POST /api/clients': { status: 201, body: merchantSession({ active: false }) },
    });
    renderApp('/compte/inscription');
    const fill = async (label: RegExp, value: string) => user.type(await screen.findByLabelText(label), value);
    await fill(/^Prénom/, 'Samira');
    await fill(/^Nom/, 'Bennani');
    await fill(/^Adresse e-mail/, 'samira@example.ma');
    await fill(/^Téléphone/, '0612345678');
    await fill(/^Société/, 'Souk Digital');
    await fill(/^Mot de passe/, 'Argan-Tajine-2026');
    await fill(/^Confirmation du mot de passe/, 'Argan-Tajine-2026');
    // Picked in the served list (no sign-in needed to read it).
    const city = screen.getByRole('combobox', { name: /^Ville/ });
    expect(screen.getByText('Choisissez votre ville dans la liste des villes desservies.')).toBeInTheDocument();
    await user.type(city, 'rab');
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Rabat']);
    await user.click(options[0]);
    expect(city).toHaveValue('Rabat');
    await user.click(screen.getByRole('button', { name: "S'inscrire" }));
    expect(await screen.findByTestId('activation-card')).toHaveTextContent('Votre compte est en attente de validation');
    expect(server.callsTo('POST', '/api/clients')[0].body).toEqual({
      first_name: 'Samira',
      last_name: 'Bennani',
      email: 'samira@example.ma',
      phone: '0612345678',
      company: 'Souk Digital',
      city: 'Rabat',
      password: 'Argan-Tajine-2026',
      password_confirmation: 'Argan-Tajine-2026',
    });
    expect(server.callsTo('GET', '/sanctum/csrf-cookie')).toHaveLength(1);
    expect(server.callsTo('GET', '/api/cities/served')).toHaveLength(1);
    expect(location()).toBe('/compte/activation');
  });

  it("shows the server's refusal of a city under the field until one is picked in the list, typed without its accent", async () => {
    const user = userEvent.setup();
    const server = mockServer({
      'GET /api/user': { status: 401 },
      'GET /sanctum/csrf-cookie': { status: 204 },
      'GET /api/cities/served': { status: 200, body: { data: SERVED } },
      'POST /api/clients': { status: 422, body: { message: 'Données invalides.', errors: { city: ['Choisissez une ville desservie dans la liste.'] } } },
    });
    renderApp('/compte/inscription');
    const city = await screen.findByRole('combobox', { name: /^Ville/ });
    await user.click(screen.getByRole('button', { name: "S'inscrire" }));
    expect(await screen.findByText('Choisissez une ville desservie dans la liste.')).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/clients')[0].body).toMatchObject({ city: '' });
    expect(city).toHaveAttribute('aria-invalid', 'true');
    await user.type(city, 'fes');
    // Typed text is no city yet: the message goes once one is picked.
    expect(screen.getByText('Choisissez une ville desservie dans la liste.')).toBeInTheDocument();
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Fès']);
    await user.click(options[0]);
    expect(city).toHaveValue('Fès');
    expect(screen.queryByText('Choisissez une ville desservie dans la liste.')).not.toBeInTheDocument();
    expect(city).toHaveAttribute('aria-invalid', 'false');
  });

  it('says when the company serves no city yet, and when the list could not be read', async () => {
    const user = userEvent.setup();
    mockServer({
      'GET /api/user': { status: 401 },
      'GET /api/cities/served': [{ status: 500, body: { message: 'Erreur' } }, { status: 200, body: { data: [] } }],
    });
    renderApp('/compte/inscription');
    const city = await screen.findByRole('combobox', { name: /^Ville/ });
    expect(await screen.findByText('La liste des villes n’a pas pu être chargée. Tapez pour réessayer.')).toBeInTheDocument();
    // Typing asks again: this time the list is empty, and said so.
    await user.type(city, 'x');
    expect(await screen.findByText('Aucune ville desservie pour le moment.', { selector: 'p' })).toBeInTheDocument();
    expect(screen.queryByText('La liste des villes n’a pas pu être chargée. Tapez pour réessayer.')).not.toBeInTheDocument();
  });

  it('says when nothing typed matches a served city', async () => {
    const user = userEvent.setup();
    mockServer({
      'GET /api/user': { status: 401 },
      'GET /api/cities/served': { status: 200, body: { data: SERVED } },
    });
    renderApp('/compte/inscription');
    await user.type(await screen.findByRole('combobox', { name: /^Ville/ }), 'Paris');
    expect(await screen.findByText('Aucune ville desservie ne correspond : choisissez la plus proche dans la liste.')).toBeInTheDocument();
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });
});
