import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adminSession, merchantSession } from '../../test/fixtures';
import { listReply } from '../../test/listReply';
import { mockServer } from '../../test/mockServer';
import { renderWithProviders } from '../../test/render';
import { makeStore } from '../../core/store';
import { setLanguage } from '../../theme/settingsSlice';
import { pathOf, routesFor } from '../../navigation/access';
import { NOT_FOUND_PATH } from '../../navigation/routes';
import DashboardScreen from '../../features/dashboard/DashboardScreen';
import ActivitiesScreen from '../../features/activities/ActivitiesScreen';
import type { Activity } from '../../components/activity/api';

function activity(key: string, overrides: Partial<Activity> = {}): Activity {
  return {
    key,
    user: { key: 'U7', name: 'Salma Berrada', role: 'client' },
    action: 'parcel.created',
    action_label: 'Colis créé',
    subject_type: 'parcel',
    subject_key: 'CL000123',
    subject_code: 'CL000123',
    details: null,
    detail_lines: [],
    created_at: '2026-11-24T09:30:00Z',
    ...overrides,
  };
}

const session = (permissions: string[]) => ({ authenticated: true, active: true, role: 'admin' as const, permissions });

describe('activity log', () => {
  it('is a route of admins holding the dashboard, not of merchants', () => {
    expect(pathOf('activities', session(['dashboard']))).toBe('/compte/activites');
    expect(pathOf('activities', session(['cities']))).toBe(NOT_FOUND_PATH);
    expect(routesFor({ authenticated: true, active: true, role: 'client', permissions: ['dashboard'] }).map((r) => r.path)).not.toContain(
      '/compte/activites',
    );
  });

  it('filters by kind, key, dates and person, server-paged', async () => {
    const user = userEvent.setup();
    const server = mockServer({
      'GET /api/activities': (call) =>
        listReply(
          [
            activity('1', {
              details: { amount: 15000, status: { old: 'new', new: 'picked_up' } },
              detail_lines: [
                { field: 'status', label: 'Statut', value: 'Nouveau colis → Ramassé' },
                { field: 'amount', label: 'Montant', value: '150,00\u00a0DH' },
              ],
            }),
            activity('2', { user: null, action: 'invoice.validated', action_label: 'Facture validée', subject_key: 'K7QX9M2ABC', subject_code: 'FL-2026-000001' }),
          ],
          call.query,
          60,
        ),
      'GET /api/activities/actions': {
        status: 200,
        body: { data: [{ key: 'parcel.created', label: 'Colis créé' }, { key: 'invoice.validated', label: 'Facture validée' }] },
      },
    });
    renderWithProviders(<ActivitiesScreen />, { session: adminSession() });
    const rows = await screen.findAllByTestId('table-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Colis créé');
    expect(rows[0]).toHaveTextContent('Salma Berrada');
    expect(rows[0]).toHaveTextContent('CL000123');
    // The values as the server rendered them, never the raw ones.
    expect(rows[0]).toHaveTextContent('Statut : Nouveau colis → Ramassé · Montant : 150,00 DH');
    expect(rows[0]).not.toHaveTextContent('15000');
    expect(rows[1]).toHaveTextContent('Système');
    // The code people see, not the opaque key.
    expect(within(rows[1]).getByTestId('activity-subject')).toHaveTextContent('FL-2026-000001');
    expect(rows[1]).not.toHaveTextContent('K7QX9M2ABC');
    expect(server.callsTo('GET', '/api/activities')[0].query).toMatchObject({ page: '1', per_page: '25' });

    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Facture validée' }));
    await waitFor(() => expect(server.callsTo('GET', '/api/activities').at(-1)!.query).toMatchObject({ action: 'invoice.validated' }));

    await user.type(screen.getByTestId('filter-subject_key'), 'FL-2026');
    await waitFor(() => expect(server.callsTo('GET', '/api/activities').at(-1)!.query).toMatchObject({ subject_key: 'FL-2026' }));

    await user.type(screen.getByTestId('filter-from'), '2026-11-01');
    await user.type(screen.getByTestId('filter-to'), '2026-11-30');
    await waitFor(() =>
      expect(server.callsTo('GET', '/api/activities').at(-1)!.query).toMatchObject({ from: '2026-11-01', to: '2026-11-30', action: 'invoice.validated' }),
    );

    // A person's name filters the log on that person.
    await user.click(within(screen.getAllByTestId('table-row')[0]).getByTestId('activity-user'));
    await waitFor(() => expect(server.callsTo('GET', '/api/activities').at(-1)!.query).toMatchObject({ user: 'U7', page: '1' }));
    expect(screen.getByRole('combobox', { name: 'Personne' })).toHaveValue('Salma Berrada');

    await user.click(screen.getByRole('button', { name: /page suivante/i }));
    await waitFor(() => expect(server.callsTo('GET', '/api/activities').at(-1)!.query).toMatchObject({ page: '2', user: 'U7' }));

    // The export downloads the same filters, in the UI's language.
    const exportLink = screen.getByTestId('activities-export');
    expect(exportLink).toHaveTextContent('Exporter CSV');
    expect(exportLink).toHaveAttribute('download');
    const url = new URL(exportLink.getAttribute('href')!);
    expect(url.pathname).toBe('/api/activities/export');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      action: 'invoice.validated',
      subject_key: 'FL-2026',
      from: '2026-11-01',
      to: '2026-11-30',
      user: 'U7',
      lang: 'fr',
    });
  });

  it('asks the labels in the UI’s language and again when it changes', async () => {
    const server = mockServer({
      'GET /api/activities': (call) =>
        listReply(
          [activity('1', call.headers.get('Accept-Language') === 'en' ? { action_label: 'Parcel created' } : {})],
          call.query,
        ),
      'GET /api/activities/actions': { status: 200, body: { data: [] } },
    });
    const store = makeStore();
    renderWithProviders(<ActivitiesScreen />, { session: adminSession(), store });
    expect((await screen.findAllByTestId('table-row'))[0]).toHaveTextContent('Colis créé');
    expect(server.callsTo('GET', '/api/activities')[0].headers.get('Accept-Language')).toBe('fr');
    act(() => {
      store.dispatch(setLanguage('en'));
    });
    await waitFor(() => expect(screen.getAllByTestId('table-row')[0]).toHaveTextContent('Parcel created'));
    expect(server.callsTo('GET', '/api/activities').at(-1)!.headers.get('Accept-Language')).toBe('en');
    await waitFor(() => expect(server.callsTo('GET', '/api/activities/actions').length).toBeGreaterThan(1));
    expect(new URL(screen.getByTestId('activities-export').getAttribute('href')!).searchParams.get('lang')).toBe('en');
  });

  it('shows the empty state', async () => {
    mockServer({
      'GET /api/activities': listReply([]),
      'GET /api/activities/actions': { status: 200, body: { data: [] } },
    });
    renderWithProviders(<ActivitiesScreen />, { session: adminSession() });
    expect(await screen.findByTestId('table-empty')).toHaveTextContent('Aucune activité pour ces filtres.');
  });

  it('shows the caller’s recent activity on his dashboard; the admin gets a link to the whole log', async () => {
    const server = mockServer({
      'GET /api/activities': listReply([activity('1'), activity('2', { action_label: 'Bon de ramassage créé', subject_key: 'BRKEY', subject_code: 'BR-12' })]),
    });
    renderWithProviders(<DashboardScreen />, { session: adminSession() });
    const card = await screen.findByTestId('recent-activity');
    expect(card).toHaveTextContent('Activité récente');
    await waitFor(() => expect(within(card).getAllByTestId('recent-activity-row')).toHaveLength(2));
    expect(within(card).getAllByTestId('recent-activity-row')[1]).toHaveTextContent('Bon de ramassage crééBR-12');
    expect(server.callsTo('GET', '/api/activities')[0].query).toMatchObject({ mine: 'true', per_page: '10' });
    expect(within(card).getByTestId('activity-log-link')).toHaveAttribute('href', '/compte/activites');
  });

  it('gives a merchant his recent activity without the log link, and an empty state', async () => {
    mockServer({ 'GET /api/activities': listReply([]) });
    renderWithProviders(<DashboardScreen />, { session: merchantSession() });
    expect(await screen.findByTestId('recent-activity-empty')).toHaveTextContent('Aucune activité récente.');
    expect(screen.queryByTestId('activity-log-link')).toBeNull();
  });
});
