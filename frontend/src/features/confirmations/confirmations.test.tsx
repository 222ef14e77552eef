import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeStore } from '../../core/store';
import { daysBefore, today } from '../../components/dates';
import { translate } from '../../i18n';
import { adminSession } from '../../test/fixtures';
import { mockServer } from '../../test/mockServer';
import { renderWithProviders } from '../../test/render';
import { setViewportWidth } from '../../test/setup';
import { setLanguage } from '../../theme/settingsSlice';
import type { ConfirmationBody, ConfirmationResult } from './api';
import { callBody } from './CallDialog';
import ConfirmationsScreen from './ConfirmationsScreen';
import { formatMinutes } from './StatisticsPanel';
import { callFigures, confirmationStatistics, confirmationTask } from './testData';

const AGENT = adminSession(['confirmations'], { first_name: 'Nadia', last_name: 'Tazi', full_name: 'Nadia Tazi' });

/** The answer of a recorded call: the parcel after it. */
function recorded(task: ReturnType<typeof confirmationTask>, result: Partial<ConfirmationResult> & Pick<ConfirmationResult, 'outcome'>) {
  return { status: 200, body: { data: { parcel: task.parcel, tries: task.tries, retry_at: null, ...result } } };
}

const NOTHING = { status: 204 };

describe('the confirmation queue (issue 40)', () => {
  it('takes the next order, shows what to say with the call and WhatsApp links, confirms it with a corrected address, then asks for the next', async () => {
    const user = userEvent.setup();
    const task = confirmationTask('K1');
    const server = mockServer({
      'POST /api/confirmations/next': [{ status: 200, body: { data: task } }, NOTHING],
      'PUT /api/confirmations/K1': (call) =>
        recorded(task, {
          outcome: 'confirmed',
          parcel: { ...task.parcel, status: 'new', status_label: 'Nouveau colis', address: (call.body as ConfirmationBody).address ?? task.parcel.address },
        }),
    });
    renderWithProviders(<ConfirmationsScreen />, { session: AGENT });
    const card = await screen.findByTestId('confirmation-task');
    expect(server.callsTo('POST', '/api/confirmations/next')[0].body).toEqual({});
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Confirmations');

    // Who to call, and the call itself one tap away.
    expect(within(card).getByTestId('confirmation-code')).toHaveTextContent('K1');
    expect(within(card).getByTestId('parcel-status')).toHaveTextContent('À confirmer');
    expect(within(card).getByTestId('confirmation-recipient')).toHaveTextContent('Amina Benali');
    expect(within(card).getByTestId('recipient-history')).toHaveTextContent('À confirmer');
    const call = within(card).getByTestId('confirmation-call');
    expect(call).toHaveAttribute('href', 'tel:0612345678');
    expect(call).toHaveTextContent('Appeler 0612345678');

    // WhatsApp, with the order summed up in the UI's language.
    const whatsapp = within(card).getByTestId('confirmation-whatsapp');
    expect(whatsapp).toHaveAttribute('target', '_blank');
    expect(whatsapp).toHaveAccessibleName('Écrire sur WhatsApp au 0612345678 (nouvel onglet)');
    const [address, query] = whatsapp.getAttribute('href')!.split('?text=');
    expect(address).toBe('https://wa.me/212612345678');
    const text = decodeURIComponent(query);
    expect(text).toMatch(/^Bonjour Amina Benali, nous vous contactons de la part de Boutique Atlas \(Atlas SARL\)/);
    expect(text).toContain("Robe d'été × 2");
    expect(text).toMatch(/249,00.DH à payer à la livraison/);
    expect(text).toContain('à livrer à 12 rue des Orangers, Maarif, Casablanca');
    expect(text).toContain('Code de suivi : K1.');

    // The order as the agent reads it out, the calls so far, the time he holds it.
    const order = within(card).getByTestId('confirmation-order');
    for (const words of ["Robe d'été", 'Casablanca', '12 rue des Orangers, Maarif', 'Atlas SARL', 'Boutique Atlas', 'Appeler après 14 h']) expect(order).toHaveTextContent(words);
    expect(order).toHaveTextContent(/249,00.DH/);
    expect(within(card).getByTestId('confirmation-tries')).toHaveTextContent('0 appel sans réponse sur 3');
    expect(within(card).getByTestId('confirmation-call-number')).toHaveTextContent('Appel n° 1');
    expect(within(card).getByTestId('confirmation-no-calls')).toHaveTextContent('Premier appel pour cette commande.');
    expect(within(card).getByTestId('confirmation-lease')).toHaveTextContent(/^Réservée pour vous encore (9:[0-5]\d|10:00)$/);

    // Confirmed, the address corrected: only what changed is sent.
    expect(screen.getAllByRole('button', { name: /^(Confirmée|Annulée par le destinataire|Pas de réponse|Numéro erroné)$/ })).toHaveLength(4);
    await user.click(screen.getByTestId('outcome-confirmed'));
    const dialog = await screen.findByTestId('call-dialog-confirmed');
    expect(within(dialog).getByRole('textbox', { name: /^Téléphone du destinataire/ })).toHaveValue('0612345678');
    const field = within(dialog).getByRole('textbox', { name: /^Adresse/ });
    expect(field).toHaveValue('12 rue des Orangers, Maarif');
    await user.clear(field);
    await user.type(field, '14 rue des Orangers, 2e étage, Maarif');
    await user.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(server.callsTo('PUT', '/api/confirmations/K1')).toHaveLength(1));
    expect(server.callsTo('PUT', '/api/confirmations/K1')[0].body).toEqual({ outcome: 'confirmed', address: '14 rue des Orangers, 2e étage, Maarif' });
    expect(await screen.findByTestId('confirmation-notice')).toHaveTextContent('Commande K1 confirmée.');

    // At once the next one: none waiting.
    const empty = await screen.findByTestId('confirmation-empty');
    expect(empty).toHaveTextContent('Aucune commande à confirmer pour l’instant');
    expect(server.callsTo('POST', '/api/confirmations/next')).toHaveLength(2);
    expect(screen.queryByTestId('confirmation-task')).not.toBeInTheDocument();
    await user.click(within(empty).getByTestId('confirmation-ask-again'));
    await waitFor(() => expect(server.callsTo('POST', '/api/confirmations/next')).toHaveLength(3));
  });

  it('asks the reason of a cancellation before sending anything, and puts the server’s 422 under it', async () => {
    const user = userEvent.setup();
    const task = confirmationTask('K1');
    const server = mockServer({
      'POST /api/confirmations/next': [{ status: 200, body: { data: task } }, NOTHING],
      'PUT /api/confirmations/K1': [
        { status: 422, body: { message: 'Données invalides.', errors: { comment: ['500 caractères au plus.'] } } },
        recorded(task, { outcome: 'cancelled', parcel: { ...task.parcel, status: 'cancelled', status_label: 'Annulé' } }),
      ],
    });
    renderWithProviders(<ConfirmationsScreen />, { session: AGENT });
    await screen.findByTestId('confirmation-task');
    await user.click(screen.getByRole('button', { name: 'Annulée par le destinataire' }));
    const dialog = await screen.findByTestId('call-dialog-cancelled');
    expect(dialog).toHaveTextContent('Commande K1 annulée par le destinataire');
    // Not « Annuler » beside « Annuler la commande ».
    expect(within(dialog).getByTestId('form-cancel')).toHaveTextContent(/^Retour$/);
    const reason = within(dialog).getByRole('textbox', { name: /^Raison donnée par le destinataire/ });

    await user.type(reason, '   ');
    await user.click(within(dialog).getByTestId('form-submit'));
    expect(await within(dialog).findByText('Indiquez la raison.')).toBeInTheDocument();
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(server.callsTo('PUT', '/api/confirmations/K1')).toHaveLength(0);

    await user.type(reason, 'Trouvé moins cher ailleurs');
    await user.click(within(dialog).getByTestId('form-submit'));
    expect(await within(dialog).findByText('500 caractères au plus.')).toBeInTheDocument();
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(server.callsTo('PUT', '/api/confirmations/K1')[0].body).toEqual({ outcome: 'cancelled', comment: 'Trouvé moins cher ailleurs' });

    await user.click(within(dialog).getByTestId('form-submit'));
    expect(await screen.findByTestId('confirmation-notice')).toHaveTextContent('Commande K1 annulée.');
    expect(await screen.findByTestId('confirmation-empty')).toBeInTheDocument();
  });

  it('says when another agent took the order or it was decided meanwhile (409), and moves on to the next', async () => {
    const user = userEvent.setup();
    const message = 'Un autre agent traite cette commande : prenez la suivante.';
    const server = mockServer({
      'POST /api/confirmations/next': [
        { status: 200, body: { data: confirmationTask('K1') } },
        { status: 200, body: { data: confirmationTask('K2', { parcel: { ...confirmationTask('K2').parcel, recipient_name: 'Youssef Alami' } }) } },
      ],
      'PUT /api/confirmations/K1': { status: 409, body: { message } },
    });
    renderWithProviders(<ConfirmationsScreen />, { session: AGENT });
    expect(await screen.findByTestId('confirmation-task')).toHaveAttribute('data-parcel', 'K1');
    await user.click(screen.getByTestId('outcome-wrong_number'));
    const dialog = await screen.findByTestId('call-dialog-wrong_number');
    await user.click(within(dialog).getByTestId('form-submit'));

    expect(await screen.findByTestId('confirmation-taken')).toHaveTextContent(message);
    await waitFor(() => expect(screen.getByTestId('confirmation-task')).toHaveAttribute('data-parcel', 'K2'));
    expect(screen.getByTestId('confirmation-recipient')).toHaveTextContent('Youssef Alami');
    expect(server.callsTo('PUT', '/api/confirmations/K1')[0].body).toEqual({ outcome: 'wrong_number' });
    expect(server.callsTo('POST', '/api/confirmations/next')).toHaveLength(2);
    await waitFor(() => expect(screen.queryByTestId('call-dialog-wrong_number')).not.toBeInTheDocument());
  });

  it('shows the calls before, and records no answer with when to call again (RFC 3339, the local offset)', async () => {
    const user = userEvent.setup();
    const task = confirmationTask('K1', {
      tries: 1,
      calls: [{ outcome: 'no_answer', comment: 'Messagerie', agent: 'Omar Idrissi', retry_at: '2026-11-26T15:00:00Z', at: '2026-11-26T13:00:00Z' }],
    });
    const server = mockServer({
      'POST /api/confirmations/next': [{ status: 200, body: { data: task } }, NOTHING],
      'PUT /api/confirmations/K1': (call) => recorded(task, { outcome: 'no_answer', tries: 2, retry_at: (call.body as ConfirmationBody).retry_at ?? null }),
    });
    renderWithProviders(<ConfirmationsScreen />, { session: AGENT });
    const card = await screen.findByTestId('confirmation-task');
    expect(within(card).getByTestId('confirmation-call-number')).toHaveTextContent('Appel n° 2');
    expect(within(card).getByTestId('confirmation-tries')).toHaveTextContent('1 appel sans réponse sur 3');
    const [earlier] = within(card).getAllByTestId('confirmation-call-entry');
    expect(earlier).toHaveTextContent('Pas de réponse · Omar Idrissi');
    expect(earlier).toHaveTextContent('« Messagerie »');
    expect(earlier).toHaveTextContent('rappel prévu le');

    await user.click(within(card).getByTestId('outcome-no_answer'));
    const dialog = await screen.findByTestId('call-dialog-no_answer');
    await user.click(within(dialog).getByTestId('retry-in-hour'));
    expect((within(dialog).getByLabelText('Rappeler à') as HTMLInputElement).value).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d$/);
    await user.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(server.callsTo('PUT', '/api/confirmations/K1')).toHaveLength(1));
    const body = server.callsTo('PUT', '/api/confirmations/K1')[0].body as ConfirmationBody;
    expect(body.outcome).toBe('no_answer');
    expect(body.retry_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:00[+-]\d\d:\d\d$/);
    expect(Math.abs(Date.parse(body.retry_at!) - (Date.now() + 3_600_000))).toBeLessThan(3 * 60_000);
    expect(await screen.findByTestId('confirmation-notice')).toHaveTextContent(/^Pas de réponse : rappel prévu à .+\.$/);
    expect(await screen.findByTestId('confirmation-empty')).toBeInTheDocument();
  });

  it('says an order was given up after a wrong number or the last unanswered call', async () => {
    const user = userEvent.setup();
    const task = confirmationTask('K1', { tries: 2 });
    mockServer({
      'POST /api/confirmations/next': [{ status: 200, body: { data: task } }, NOTHING],
      'PUT /api/confirmations/K1': recorded(task, { outcome: 'no_answer', tries: 3, parcel: { ...task.parcel, status: 'cancelled', status_label: 'Annulé' } }),
    });
    renderWithProviders(<ConfirmationsScreen />, { session: AGENT });
    await user.click(await screen.findByTestId('outcome-no_answer'));
    await user.click(within(await screen.findByTestId('call-dialog-no_answer')).getByTestId('form-submit'));
    expect(await screen.findByTestId('confirmation-notice')).toHaveTextContent('Commande K1 non confirmée : Annulé.');
  });

  it('speaks Arabic right to left: the outcomes, and the WhatsApp message in Arabic', async () => {
    const store = makeStore();
    store.dispatch(setLanguage('ar'));
    mockServer({ 'POST /api/confirmations/next': { status: 200, body: { data: confirmationTask('K1') } } });
    renderWithProviders(<ConfirmationsScreen />, { session: AGENT, store });
    const card = await screen.findByTestId('confirmation-task');
    expect(screen.getByTestId('outcome-cancelled')).toHaveTextContent('ألغاه المستلم');
    expect(within(card).getByTestId('confirmation-call')).toHaveTextContent(/^اتصل بـ \u2066?0612345678\u2069?$/);
    // The Latin words and numbers are isolated (their direction kept), marks WhatsApp shows as nothing.
    const text = decodeURIComponent(within(card).getByTestId('confirmation-whatsapp').getAttribute('href')!.split('?text=')[1]).replace(/[\u2066-\u2069]/g, '');
    expect(text).toMatch(/^مرحبًا Amina Benali، نتواصل معك نيابة عن Boutique Atlas/);
    expect(text).toContain('رمز التتبع: K1.');
  });

  it('says when the next order cannot be loaded, with a retry', async () => {
    const user = userEvent.setup();
    const server = mockServer({ 'POST /api/confirmations/next': [{ status: 503, body: { message: 'Base de données indisponible.' } }, NOTHING] });
    renderWithProviders(<ConfirmationsScreen />, { session: AGENT });
    const error = await screen.findByTestId('confirmation-error');
    expect(error).toHaveTextContent('La prochaine commande n’a pas pu être chargée. Base de données indisponible.');
    await user.click(within(error).getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByTestId('confirmation-empty')).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/confirmations/next')).toHaveLength(2);
  });
});

describe('the confirmation figures', () => {
  it('shows the queue and the calls per agent and per merchant of the last 30 days, and puts a 422 under « Au »', async () => {
    const user = userEvent.setup();
    const server = mockServer({
      'POST /api/confirmations/next': NOTHING,
      'GET /api/confirmations/statistics': (call) =>
        call.query.from > call.query.to
          ? { status: 422, body: { message: 'Données invalides.', errors: { to: ['La fin de la période précède son début.'] } } }
          : { status: 200, body: { data: confirmationStatistics() } },
    });
    renderWithProviders(<ConfirmationsScreen />, { session: AGENT });
    await screen.findByTestId('confirmation-empty');
    await user.click(screen.getByTestId('confirmations-tab-statistics'));

    const figures = await screen.findByTestId('confirmation-queue-figures');
    expect(within(figures).getByTestId('stat-queue-waiting')).toHaveTextContent('Dans la file14');
    expect(within(figures).getByTestId('stat-queue-due')).toHaveTextContent('À appeler maintenant9');
    expect(within(figures).getByTestId('stat-queue-held')).toHaveTextContent('En cours d’appel2');
    expect(server.callsTo('GET', '/api/confirmations/statistics')[0].query).toEqual({ from: daysBefore(29), to: today() });

    const agents = within(screen.getByTestId('confirmation-agents')).getAllByTestId('table-row');
    expect(agents).toHaveLength(2);
    const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent?.replace(/\s/g, ' '));
    expect(cells(agents[0])).toEqual(['Nadia Tazi', '12', '7', '2', '2', '1', '77 %', '1 h 35']);
    expect(cells(agents[1])).toEqual(['Omar Idrissi', '3', '0', '0', '3', '0', '—', '—']);
    const merchants = within(screen.getByTestId('confirmation-merchants')).getAllByTestId('table-row');
    expect(cells(merchants[0])).toEqual(['Atlas SARL', '15', '7', '2', '2', '1', '77 %', '1 h 35']);

    // An end before the start: the server's refusal under « Au », no figures.
    fireEvent.change(screen.getByLabelText('Au'), { target: { value: daysBefore(40) } });
    expect(await screen.findByText('La fin de la période précède son début.')).toBeInTheDocument();
    expect(screen.getByLabelText('Au')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('confirmation-stats-fix')).toHaveTextContent('Choisissez une période valide pour voir les chiffres.');
    expect(screen.queryByTestId('confirmation-agents')).not.toBeInTheDocument();
    expect(server.callsTo('GET', '/api/confirmations/statistics').at(-1)!.query).toEqual({ from: daysBefore(29), to: daysBefore(40) });

    fireEvent.change(screen.getByLabelText('Du'), { target: { value: daysBefore(60) } });
    expect(await screen.findByTestId('confirmation-agents')).toBeInTheDocument();
    expect(screen.getByLabelText('Au')).toHaveAttribute('aria-invalid', 'false');
  });

  it('fits a phone: the figures and the tables as cards', async () => {
    setViewportWidth(390);
    mockServer({
      'GET /api/confirmations/statistics': {
        status: 200,
        body: { data: confirmationStatistics({ agents: [callFigures('A1', 'Nadia Tazi')], merchants: [] }) },
      },
    });
    renderWithProviders(<ConfirmationsScreen />, { session: AGENT, path: '/compte/confirmations?onglet=statistics' });
    const agents = await screen.findByTestId('confirmation-agents');
    expect(await within(agents).findByTestId('table-row')).toHaveTextContent('Nadia Tazi');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(within(screen.getByTestId('confirmation-merchants')).getByTestId('table-empty')).toHaveTextContent('Aucune commande appelée sur cette période.');
  });

  it('writes a mean time in minutes, hours or days', () => {
    const t = (key: Parameters<typeof translate>[1], params?: Parameters<typeof translate>[2]) => translate('fr', key, params);
    expect(formatMinutes(45, t, 'fr')).toBe('45 min');
    expect(formatMinutes(125, t, 'fr')).toBe('2 h 05');
    expect(formatMinutes(1500, t, 'fr')).toBe('1 j 1 h');
    expect(formatMinutes(null, t, 'fr')).toBe('—');
  });
});

describe('the body of a confirmation', () => {
  it('sends a corrected amount only when the agent changed it', () => {
    const parcel = confirmationTask().parcel;
    const same = { recipient_phone: parcel.recipient_phone, address: parcel.address, cod_amount: parcel.cod_amount, comment: '', retry_at: '' };
    expect(callBody('confirmed', same, parcel)).toEqual({ outcome: 'confirmed' });
    expect(callBody('confirmed', { ...same, cod_amount: parcel.cod_amount - 2_900 }, parcel)).toEqual({
      outcome: 'confirmed',
      cod_amount: parcel.cod_amount - 2_900,
    });
    // Never with another outcome.
    expect(callBody('no_answer', { ...same, cod_amount: 1 }, parcel)).toEqual({ outcome: 'no_answer' });
  });
});

