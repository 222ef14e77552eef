import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adminSession, deliverySession, merchantSession } from '../../test/fixtures';
import { listReply } from '../../test/listReply';
import { mockServer } from '../../test/mockServer';
import { renderWithProviders } from '../../test/render';
import type { Guide } from './api';
import GuidesScreen from './GuidesScreen';

function guide(key: string, overrides: Partial<Guide> = {}): Guide {
  return {
    key,
    title: 'Préparer un colis',
    body: '# Emballage\n\nUtilisez un carton **solide**.',
    audience: 'clients',
    built_in: false,
    created_at: '2026-11-01T10:00:00Z',
    updated_at: '2026-11-02T10:00:00Z',
    ...overrides,
  };
}

const API_GUIDE = guide('merchant-api', {
  title: 'API marchand',
  built_in: true,
  body: '## Jeton\n\nEnvoyez `Authorization: Bearer <jeton>`.\n\n```bash\ncurl -X POST https://colivra.ma/api/parcels\n```',
});

describe('guides', () => {
  it('lists the built-in API guide first and renders a guide’s Markdown safely', async () => {
    const user = userEvent.setup();
    const hostile = guide('G2', { title: 'Piège', body: 'Salut <script>alert(1)</script> [clic](javascript:alert(1)) ![x](https://evil.example/p.png)' });
    mockServer({
      'GET /api/guides': listReply([hostile, API_GUIDE]),
      'GET /api/guides/merchant-api': { status: 200, body: { data: API_GUIDE } },
      'GET /api/guides/G2': { status: 200, body: { data: hostile } },
    });
    renderWithProviders(<GuidesScreen />, { session: merchantSession(), path: '/compte/guide' });
    const rows = await screen.findAllByTestId('guide-row');
    expect(rows.map((row) => row.getAttribute('data-key'))).toEqual(['merchant-api', 'G2']);
    expect(rows[0]).toHaveTextContent('Fourni avec Colivra');
    // Merchants read; they do not write.
    expect(screen.queryByTestId('guide-create')).toBeNull();
    expect(screen.queryByTestId('guide-edit')).toBeNull();

    await user.click(within(rows[0]).getByRole('button', { name: 'Lire API marchand' }));
    const body = await screen.findByTestId('guide-body');
    expect(body.querySelector('pre code')).toHaveTextContent('curl -X POST https://colivra.ma/api/parcels');
    expect(body).toHaveTextContent('Authorization: Bearer <jeton>');
    expect(screen.getByTestId('location')).toHaveTextContent('/compte/guide');

    await user.click(screen.getByTestId('guide-back'));
    await user.click(within((await screen.findAllByTestId('guide-row'))[1]).getByRole('button', { name: 'Lire Piège' }));
    const trap = await screen.findByTestId('guide-body');
    expect(trap).toHaveTextContent('<script>alert(1)</script>');
    expect(trap.querySelector('script, a, img')).toBeNull();
  });

  it('gives a delivery person the guides written for him, to read', async () => {
    const user = userEvent.setup();
    const his = guide('G7', { title: 'Remettre les espèces', audience: 'delivery', body: '## Au dépôt\n\nComptez **deux fois**.' });
    const server = mockServer({
      'GET /api/guides': listReply([his]),
      'GET /api/guides/G7': { status: 200, body: { data: his } },
    });
    renderWithProviders(<GuidesScreen />, { session: deliverySession(), path: '/compte/guide' });
    const rows = await screen.findAllByTestId('guide-row');
    expect(rows.map((row) => row.getAttribute('data-key'))).toEqual(['G7']);
    expect(server.callsTo('GET', '/api/guides')).toHaveLength(1);
    expect(screen.queryByTestId('guide-create')).toBeNull();
    await user.click(within(rows[0]).getByRole('button', { name: 'Lire Remettre les espèces' }));
    expect(await screen.findByTestId('guide-body')).toHaveTextContent('Comptez deux fois.');
  });

  it('lets an admin write a guide with a live preview, edit it, and delete it but not the built-in one', async () => {
    const user = userEvent.setup();
    let rows = [API_GUIDE, guide('G1')];
    const server = mockServer({
      'GET /api/guides': (call) => listReply(rows, call.query),
      'POST /api/guides': (call) => {
        const created = guide('G3', call.body as Partial<Guide>);
        rows = [...rows, created];
        return { status: 201, body: { data: created } };
      },
      'PUT /api/guides/G1': (call) => ({ status: 200, body: { data: { ...guide('G1'), ...(call.body as object) } } }),
      'DELETE /api/guides/G1': () => {
        rows = rows.filter((row) => row.key !== 'G1');
        return { status: 204 };
      },
    });
    renderWithProviders(<GuidesScreen />, { session: adminSession(), path: '/compte/guide' });
    const listed = await screen.findAllByTestId('guide-row');
    expect(within(listed[0]).queryByTestId('guide-edit')).toBeNull();
    expect(within(listed[0]).queryByTestId('guide-delete')).toBeNull();
    expect(within(listed[1]).getByTestId('guide-delete')).toBeInTheDocument();

    await user.click(screen.getByTestId('guide-create'));
    const dialog = await screen.findByTestId('guide-dialog');
    await user.type(within(dialog).getByLabelText(/^Titre/), 'Retours');
    const input = within(dialog).getByTestId('guide-body-input');
    // Pasted, not typed key by key: each keystroke re-renders the Markdown preview, which took
    // this test past its minute on a loaded CI machine.
    await user.click(input);
    await user.paste('# Les retours\n\nUn colis **refusé** revient <img src=x onerror=alert(1)>');
    const preview = await within(dialog).findByTestId('guide-preview');
    await waitFor(() => expect(preview.querySelector('strong')).toHaveTextContent('refusé'));
    expect(preview.querySelector('h2')).toHaveTextContent('Les retours');
    expect(preview.querySelector('img')).toBeNull();
    expect(preview).toHaveTextContent('<img src=x onerror=alert(1)>');
    await user.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(server.callsTo('POST', '/api/guides')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/guides')[0].body).toEqual({
      title: 'Retours',
      body: '# Les retours\n\nUn colis **refusé** revient <img src=x onerror=alert(1)>',
      audience: 'clients',
    });

    await user.click(within(screen.getAllByTestId('guide-row')[1]).getByTestId('guide-edit'));
    const edit = await screen.findByTestId('guide-dialog');
    expect(edit).toHaveTextContent('Modifier « Préparer un colis »');
    await user.clear(within(edit).getByLabelText(/^Titre/));
    await user.type(within(edit).getByLabelText(/^Titre/), 'Bien emballer');
    await user.click(within(edit).getByTestId('form-submit'));
    await waitFor(() => expect(server.callsTo('PUT', '/api/guides/G1')).toHaveLength(1));
    expect(server.callsTo('PUT', '/api/guides/G1')[0].body).toMatchObject({ title: 'Bien emballer' });

    await user.click(within(screen.getAllByTestId('guide-row')[1]).getByTestId('guide-delete'));
    const confirm = await screen.findByTestId('confirm-dialog');
    await user.click(within(confirm).getByTestId('confirm-submit'));
    await waitFor(() => expect(server.callsTo('DELETE', '/api/guides/G1')).toHaveLength(1));
  });

  it('shows the empty state', async () => {
    mockServer({ 'GET /api/guides': listReply([]) });
    renderWithProviders(<GuidesScreen />, { session: merchantSession(), path: '/compte/guide' });
    expect(await screen.findByTestId('guides-empty')).toHaveTextContent('Aucun guide pour le moment.');
  });
});
