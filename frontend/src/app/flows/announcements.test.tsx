import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adminSession, merchantSession, deliverySession } from '../../test/fixtures';
import { listReply } from '../../test/listReply';
import { mockServer } from '../../test/mockServer';
import { renderWithProviders } from '../../test/render';
import DashboardScreen from '../../features/dashboard/DashboardScreen';
import AnnouncementsScreen from '../../features/announcements/AnnouncementsScreen';
import type { Announcement } from '../../components/announcement/api';

const LABELS = { all: 'Tout le monde', clients: 'Marchands', delivery: 'Livreurs' } as const;

function announcement(key: string, overrides: Partial<Announcement> = {}): Announcement {
  const audience = overrides.audience ?? 'all';
  return {
    key,
    title: 'Fermeture le 1er janvier',
    body: 'Le dépôt est fermé le 1er janvier.\nAucun ramassage ce jour-là.',
    audience,
    audience_label: LABELS[audience],
    starts_on: null,
    ends_on: null,
    author: { name: 'Karim Alaoui' },
    created_at: '2026-11-20T10:00:00Z',
    ...overrides,
  };
}

describe('announcements', () => {
  it('publishes an announcement for the delivery people with dates, and shows its audience', async () => {
    const user = userEvent.setup();
    let rows = [announcement('A1')];
    const server = mockServer({
      'GET /api/announcements': (call) => listReply(rows, call.query),
      'POST /api/announcements': (call) => {
        const created = announcement('A2', call.body as Partial<Announcement>);
        rows = [created, ...rows];
        return { status: 201, body: { data: created } };
      },
    });
    renderWithProviders(<AnnouncementsScreen />, { session: adminSession() });
    const first = await screen.findByTestId('table-row');
    expect(first).toHaveTextContent('Fermeture le 1er janvier');
    expect(within(first).getByTestId('announcement-audience')).toHaveTextContent('Tout le monde');
    expect(first).toHaveTextContent('Permanente');

    await user.click(screen.getByTestId('create-button'));
    const dialog = await screen.findByTestId('form-dialog');
    await user.type(within(dialog).getByLabelText(/^Titre/), 'Tournée avancée');
    await user.type(within(dialog).getByLabelText(/^Texte/), 'Départ à 7 h demain.');
    await user.click(within(dialog).getByRole('combobox', { name: /^Destinataires/ }));
    await user.click(await screen.findByRole('option', { name: 'Livreurs' }));
    await user.type(within(dialog).getByLabelText('Du'), '2026-12-01');
    await user.type(within(dialog).getByLabelText('Au'), '2026-12-03');
    await user.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(server.callsTo('POST', '/api/announcements')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/announcements')[0].body).toEqual({
      title: 'Tournée avancée',
      body: 'Départ à 7 h demain.',
      audience: 'delivery',
      starts_on: '2026-12-01',
      ends_on: '2026-12-03',
    });
    await waitFor(() => expect(screen.getAllByTestId('table-row')).toHaveLength(2));
    const row = screen.getAllByTestId('table-row')[0];
    expect(within(row).getByTestId('announcement-audience')).toHaveAttribute('data-audience', 'delivery');
    expect(row).toHaveTextContent('Livreurs');
    expect(row).toHaveTextContent(/Du 1 déc\. 2026 au 3 déc\. 2026/);
  });

  it('refuses an end date before the start date, and shows the server’s 422 under its field', async () => {
    const user = userEvent.setup();
    const server = mockServer({
      'GET /api/announcements': listReply([]),
      'POST /api/announcements': { status: 422, body: { message: 'Données invalides.', errors: { title: ['Le titre est trop long.'] } } },
    });
    renderWithProviders(<AnnouncementsScreen />, { session: adminSession() });
    expect(await screen.findByTestId('table-empty')).toHaveTextContent('Aucune annonce publiée.');
    await user.click(screen.getByTestId('create-button'));
    const dialog = await screen.findByTestId('form-dialog');
    await user.type(within(dialog).getByLabelText(/^Titre/), 'Titre');
    await user.type(within(dialog).getByLabelText(/^Texte/), 'Texte');
    await user.type(within(dialog).getByLabelText('Du'), '2026-12-05');
    await user.type(within(dialog).getByLabelText('Au'), '2026-12-01');
    await user.click(within(dialog).getByTestId('form-submit'));
    expect(await within(dialog).findByText('La date de fin précède la date de début.')).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/announcements')).toHaveLength(0);
    await user.clear(within(dialog).getByLabelText('Au'));
    await user.click(within(dialog).getByTestId('form-submit'));
    expect(await within(within(dialog).getByTestId('field-title')).findByText('Le titre est trop long.')).toBeInTheDocument();
  });

  it('deletes an announcement after confirmation', async () => {
    const user = userEvent.setup();
    const server = mockServer({
      'GET /api/announcements': listReply([announcement('A1')]),
      'DELETE /api/announcements/A1': { status: 204 },
    });
    renderWithProviders(<AnnouncementsScreen />, { session: adminSession() });
    await user.click(await screen.findByRole('button', { name: 'Supprimer Fermeture le 1er janvier' }));
    const confirm = await screen.findByTestId('confirm-dialog');
    expect(confirm).toHaveTextContent('Supprimer l’annonce « Fermeture le 1er janvier » ?');
    await user.click(within(confirm).getByTestId('confirm-submit'));
    await waitFor(() => expect(server.callsTo('DELETE', '/api/announcements/A1')).toHaveLength(1));
  });

  it('shows the current announcements at the top of the dashboard, each hidden for the session on demand', async () => {
    const user = userEvent.setup();
    window.sessionStorage.clear();
    const server = mockServer({
      'GET /api/announcements': listReply([
        announcement('A1', { audience: 'delivery', title: 'Tournée avancée', ends_on: '2026-12-03' }),
        announcement('A2'),
      ]),
    });
    const { unmount } = renderWithProviders(<DashboardScreen />, { session: deliverySession() });
    const shown = await screen.findAllByTestId('announcement');
    expect(shown).toHaveLength(2);
    expect(shown[0]).toHaveTextContent('Tournée avancée');
    expect(shown[0]).toHaveTextContent('Jusqu’au 3 déc. 2026');
    expect(server.callsTo('GET', '/api/announcements')[0].query).toMatchObject({ current: 'true' });
    // Above everything else of the dashboard.
    const dashboard = screen.getByTestId('dashboard');
    expect(dashboard.firstElementChild).toBe(screen.getByTestId('announcement-board'));

    await user.click(within(shown[0]).getByRole('button', { name: 'Masquer l’annonce' }));
    await waitFor(() => expect(screen.getAllByTestId('announcement')).toHaveLength(1));
    unmount();
    renderWithProviders(<DashboardScreen />, { session: deliverySession() });
    await waitFor(() => expect(server.callsTo('GET', '/api/announcements')).toHaveLength(2));
    const again = await screen.findAllByTestId('announcement');
    expect(again).toHaveLength(1);
    expect(again[0]).toHaveTextContent('Fermeture le 1er janvier');
  });

  it('shows nothing above the merchant’s dashboard when the server has no announcement for him', async () => {
    window.sessionStorage.clear();
    const server = mockServer({ 'GET /api/announcements': listReply([]) });
    renderWithProviders(<DashboardScreen />, { session: merchantSession() });
    await screen.findByTestId('dashboard');
    await waitFor(() => expect(server.callsTo('GET', '/api/announcements')).toHaveLength(1));
    expect(screen.queryByTestId('announcement-board')).toBeNull();
  });
});
