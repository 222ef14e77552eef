import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockServer } from '../../test/mockServer';
import { renderApp } from '../../test/render';
import { normalizeCode, type Tracking } from './api';

const tracking: Tracking = {
  key: 'CLV7K3QX9M2',
  status: 'postponed',
  status_label: 'Reporté',
  city_name: 'Casablanca',
  created_at: '2026-03-02T09:30:00Z',
  events: [
    { status: 'new', status_label: 'Nouveau colis', date: null, created_at: '2026-03-02T09:30:00Z' },
    { status: 'out_for_delivery', status_label: 'Mis en distribution', date: null, created_at: '2026-03-03T08:00:00Z' },
    { status: 'postponed', status_label: 'Reporté', date: '2026-03-05', created_at: '2026-03-03T15:00:00Z' },
  ],
};

const location = () => screen.getByTestId('location').textContent;

describe('public tracking page', () => {
  it('shows the status, the city and the steps of a code, without signing in', async () => {
    const server = mockServer({
      'GET /api/user': { status: 401, body: { message: 'Unauthenticated.' } },
      'GET /api/tracking/CLV7K3QX9M2': { status: 200, body: { data: tracking } },
    });
    renderApp('/suivi/clv7k3qx9m2');
    const result = await screen.findByTestId('tracking-result');
    expect(location()).toBe('/suivi/clv7k3qx9m2');
    expect(screen.getByTestId('layout-blank')).toBeInTheDocument();
    expect(server.callsTo('GET', '/api/tracking/CLV7K3QX9M2')).toHaveLength(1);
    expect(within(result).getByTestId('tracking-code')).toHaveTextContent('CLV7K3QX9M2');
    expect(within(result).getByTestId('parcel-status')).toHaveTextContent('Reporté');
    expect(result).toHaveTextContent('Casablanca');
    const events = within(result).getAllByTestId('tracking-event');
    expect(events.map((event) => event.textContent?.split(/\d/)[0])).toEqual(['Reporté', 'Mis en distribution', 'Nouveau colis']);
    expect(events[0]).toHaveTextContent('Prévu le');
    expect(screen.getByTestId('tracking-input')).toHaveValue('CLV7K3QX9M2');
  });

  it('names who signed a delivered parcel by initials only', async () => {
    mockServer({
      'GET /api/user': { status: 401, body: { message: 'Unauthenticated.' } },
      'GET /api/tracking/CLV7K3QX9M2': {
        status: 200,
        body: { data: { ...tracking, status: 'delivered', status_label: 'Livré', signed_by: 'F. Z.' } },
      },
    });
    renderApp('/suivi/CLV7K3QX9M2');
    expect(await screen.findByTestId('tracking-signed-by')).toHaveTextContent('Signé par F. Z.');
  });

  it('looks a typed code up, and says when it is unknown or when there were too many searches', async () => {
    const user = userEvent.setup();
    mockServer({
      'GET /api/user': { status: 401, body: { message: 'Unauthenticated.' } },
      'GET /api/tracking/INCONNU1': { status: 404, body: { message: 'Introuvable.' } },
      'GET /api/tracking/TROPVITE': { status: 429, body: { message: 'Trop de tentatives.' }, headers: { 'Retry-After': '60' } },
    });
    renderApp('/suivi');
    const input = await screen.findByTestId('tracking-input');
    await waitFor(() => expect(input).toHaveFocus());
    await user.type(input, 'inconnu 1{Enter}');
    await waitFor(() => expect(location()).toBe('/suivi/INCONNU1'));
    expect(await screen.findByTestId('tracking-error')).toHaveTextContent('Colis introuvable');

    await user.clear(screen.getByTestId('tracking-input'));
    await user.type(screen.getByTestId('tracking-input'), 'tropvite');
    await user.click(screen.getByTestId('tracking-submit'));
    await waitFor(() => expect(screen.getByTestId('tracking-error')).toHaveTextContent('Trop de recherches, réessayez dans une minute'));
  });

  it('reads codes as typed on a label', () => {
    expect(normalizeCode(' clv7-k3qx 9m2 ')).toBe('CLV7K3QX9M2');
  });
});
