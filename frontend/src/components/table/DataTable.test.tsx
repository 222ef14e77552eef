import EditOutlined from '@mui/icons-material/EditOutlined';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { api } from '../../core/api';
import { crudEndpoints } from '../../core/crud';
import { adminSession } from '../../test/fixtures';
import { deferred, listReply } from '../../test/listReply';
import { mockServer, type MockReply } from '../../test/mockServer';
import { renderWithProviders } from '../../test/render';
import { setViewportWidth } from '../../test/setup';
import { MoneyText } from '../MoneyText';
import { DataTable, SearchBox, type Column } from './DataTable';
import { ActiveFilter } from './FilterSelect';
import { useListState, type ListState } from './useListState';

interface Thing {
  key: string;
  name: string;
  delivery_fee: number;
  active: boolean;
}

const thingsApi = api.injectEndpoints({
  endpoints: (build) => ({ listTableThings: crudEndpoints<Thing, Partial<Thing>>(build, { path: 'things', tag: 'cities' }).list }),
});

const columns: Column<Thing>[] = [
  { id: 'name', label: 'Nom', sortKey: 'name' },
  { id: 'delivery_fee', label: 'Livraison', sortKey: 'delivery_fee', render: (row) => <MoneyText centimes={row.delivery_fee} /> },
];

function Harness({ onEdit = () => undefined }: { onEdit?: (row: Thing) => void }) {
  const list = useListState({ sort: 'name' });
  const result = thingsApi.useListTableThingsQuery(list.args);
  return (
    <DataTable
      columns={columns}
      list={list}
      result={result}
      rowKey={(row) => row.key}
      rowName={(row) => row.name}
      searchPlaceholder="Nom de la ville"
      filters={<ActiveFilter list={list} />}
      tabs={{ filter: 'zone', options: [{ value: 'all', label: 'Toutes' }, { value: 'north', label: 'Nord' }] }}
      rowActions={() => [{ id: 'edit', label: 'Modifier', icon: <EditOutlined />, onClick: onEdit }]}
      emptyMessage="Aucune ville."
    />
  );
}

const things: Thing[] = Array.from({ length: 30 }, (_, index) => ({
  key: `C${index}`,
  name: `Ville ${String(index).padStart(2, '0')}`,
  delivery_fee: 2000 + index * 50,
  active: true,
}));

describe('DataTable', () => {
  it('shows skeleton rows while the first page loads, then the rows with money in dirhams', async () => {
    const held = deferred<MockReply>();
    mockServer({ 'GET /api/things': () => held.promise });
    renderWithProviders(<Harness />, { session: adminSession() });
    expect(await screen.findAllByTestId('table-skeleton-row')).toHaveLength(5);
    expect(screen.queryByTestId('table-row')).not.toBeInTheDocument();
    held.resolve(listReply(things.slice(0, 2)));
    const rows = await screen.findAllByTestId('table-row');
    expect(rows).toHaveLength(2);
    expect(screen.queryByTestId('table-skeleton-row')).not.toBeInTheDocument();
    expect(rows[0]).toHaveTextContent('Ville 00');
    expect(rows[0]).toHaveTextContent('20,00 DH');
    expect(rows[1]).toHaveTextContent('20,50 DH');
  });

  it('shows the empty state, and says when a search found nothing', async () => {
    const user = userEvent.setup();
    mockServer({ 'GET /api/things': listReply([]) });
    renderWithProviders(<Harness />, { session: adminSession() });
    expect(await screen.findByTestId('table-empty')).toHaveTextContent('Aucune ville.');
    expect(screen.queryByTestId('table-pagination')).not.toBeInTheDocument();
    await user.type(screen.getByTestId('table-search'), 'Tanger');
    await waitFor(() => expect(screen.getByTestId('table-empty')).toHaveTextContent('Aucun résultat pour « Tanger ».'));
  });

  it('shows the server message on an error and loads again on retry', async () => {
    const user = userEvent.setup();
    const server = mockServer({
      'GET /api/things': [
        { status: 503, body: { message: 'Base de données indisponible.' } },
        listReply(things.slice(0, 3)),
      ],
    });
    renderWithProviders(<Harness />, { session: adminSession() });
    const error = await screen.findByTestId('table-error');
    expect(error).toHaveTextContent('Base de données indisponible.');
    expect(screen.queryByTestId('table-empty')).not.toBeInTheDocument();
    await user.click(within(error).getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findAllByTestId('table-row')).toHaveLength(3);
    expect(screen.queryByTestId('table-error')).not.toBeInTheDocument();
    expect(server.callsTo('GET', '/api/things')).toHaveLength(2);
  });

  it('sends page, page size, sort, debounced search and filters to the server', async () => {
    // No pause between keys: on a starved machine a pause between two keys outlasted the
    // debounce and sent a search per key (CI, 2026-11-29).
    const user = userEvent.setup({ delay: null });
    const server = mockServer({ 'GET /api/things': (call) => listReply(things, call.query) });
    renderWithProviders(<Harness />, { session: adminSession() });
    expect(await screen.findAllByTestId('table-row')).toHaveLength(25);
    const lastQuery = () => server.callsTo('GET', '/api/things').at(-1)!.query;
    expect(lastQuery()).toEqual({ page: '1', per_page: '25', sort: 'name' });
    expect(screen.getByTestId('table-pagination')).toHaveTextContent('1–25 sur 30');

    // Next page.
    await user.click(screen.getByRole('button', { name: 'Page suivante' }));
    await waitFor(() => expect(lastQuery()).toEqual({ page: '2', per_page: '25', sort: 'name' }));
    expect(await screen.findByText('Ville 29')).toBeInTheDocument();

    // Sort: same column again goes descending, another column ascending; both back to page 1.
    await user.click(screen.getByTestId('sort-name'));
    await waitFor(() => expect(lastQuery()).toEqual({ page: '1', per_page: '25', sort: '-name' }));
    expect(screen.getByRole('columnheader', { name: /Nom/ })).toHaveAttribute('aria-sort', 'descending');
    await user.click(screen.getByTestId('sort-delivery_fee'));
    await waitFor(() => expect(lastQuery()).toEqual({ page: '1', per_page: '25', sort: 'delivery_fee' }));

    // Search: one request once typing pauses, not one per key.
    const before = server.calls.length;
    await user.type(screen.getByTestId('table-search'), 'casa');
    await waitFor(() => expect(lastQuery()).toMatchObject({ q: 'casa', page: '1' }));
    const searches = server.calls.slice(before).map((call) => call.query.q);
    expect(searches).toEqual(['casa']);

    // Filter and tabs.
    await user.click(screen.getByRole('combobox', { name: 'Statut' }));
    await user.click(await screen.findByRole('option', { name: 'Inactifs' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ active: 'false', q: 'casa' }));
    await user.click(screen.getByTestId('tab-north'));
    await waitFor(() => expect(lastQuery()).toMatchObject({ zone: 'north', active: 'false' }));

    // Page size.
    await user.click(screen.getByRole('combobox', { name: /Lignes par page/ }));
    await user.click(await screen.findByRole('option', { name: '50' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ per_page: '50', page: '1' }));
  });

  it('gives each row action an accessible name and the row', async () => {
    const user = userEvent.setup();
    const onEdit = vi.fn();
    mockServer({ 'GET /api/things': listReply(things.slice(0, 2)) });
    renderWithProviders(<Harness onEdit={onEdit} />, { session: adminSession() });
    await user.click(await screen.findByRole('button', { name: 'Modifier Ville 01' }));
    expect(onEdit).toHaveBeenCalledWith(things[1]);
  });

  it('goes back to the last page when the current one became empty', async () => {
    const user = userEvent.setup();
    let rows = things.slice(0, 26);
    const server = mockServer({ 'GET /api/things': (call) => listReply(rows, call.query) });
    const { store } = renderWithProviders(<Harness />, { session: adminSession() });
    await screen.findAllByTestId('table-row');
    await user.click(screen.getByRole('button', { name: 'Page suivante' }));
    expect(await screen.findByText('Ville 25')).toBeInTheDocument();
    rows = things.slice(0, 25);
    store.dispatch(api.util.invalidateTags(['cities']));
    await waitFor(() => expect(server.calls.at(-1)!.query.page).toBe('1'));
    expect(await screen.findByText('Ville 00')).toBeInTheDocument();
  });

  it('shows cards with labelled values and the filters in a sheet on a phone', async () => {
    setViewportWidth(390);
    const user = userEvent.setup();
    const onEdit = vi.fn();
    const server = mockServer({ 'GET /api/things': (call) => listReply(things.slice(0, 2), call.query) });
    renderWithProviders(<Harness onEdit={onEdit} />, { session: adminSession() });
    const cards = await screen.findAllByTestId('table-row');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(cards).toHaveLength(2);
    // The first column heads the card; the others are labelled.
    expect(cards[1]).toHaveTextContent('Ville 01');
    expect(within(cards[1]).getByText('Livraison')).toBeInTheDocument();
    expect(cards[1]).toHaveTextContent('20,50 DH');
    await user.click(within(cards[1]).getByRole('button', { name: 'Modifier Ville 01' }));
    expect(onEdit).toHaveBeenCalledWith(things[1]);
    // The filter is not on the first screen; the sheet holds it and the sort.
    expect(screen.queryByTestId('filter-active')).not.toBeVisible();
    await user.click(screen.getByTestId('table-filters-button'));
    const sheet = await screen.findByTestId('table-filters-sheet');
    await user.click(within(sheet).getByRole('combobox', { name: 'Statut' }));
    await user.click(await screen.findByRole('option', { name: 'Inactifs' }));
    await waitFor(() => expect(server.calls.at(-1)!.query).toMatchObject({ active: 'false' }));
    await user.click(within(sheet).getByRole('combobox', { name: 'Trier par' }));
    await user.click(await screen.findByRole('option', { name: 'Livraison (décroissant)' }));
    await waitFor(() => expect(server.calls.at(-1)!.query).toMatchObject({ sort: '-delivery_fee', active: 'false' }));
    await user.click(within(sheet).getByTestId('table-filters-done'));
    await waitFor(() => expect(screen.getByTestId('table-filters-button').parentElement).toHaveTextContent('1'));
  });

  it('keeps the whole empty message on a phone', async () => {
    setViewportWidth(390);
    mockServer({ 'GET /api/things': listReply([]) });
    renderWithProviders(<Harness />, { session: adminSession() });
    expect(await screen.findByTestId('table-empty')).toHaveTextContent('Aucune ville.');
  });

  it('searches on Enter at once, never submitting a form the list stands in (a panel’s, a dialog’s)', async () => {
    const user = userEvent.setup();
    const submitted = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    const server = mockServer({ 'GET /api/things': (call) => listReply(things.filter((thing) => thing.name.includes(call.query.q ?? '')), call.query) });
    renderWithProviders(
      <form onSubmit={submitted}>
        <Harness />
        <button type="submit">Envoyer la liste</button>
      </form>,
      { session: adminSession() },
    );
    await screen.findAllByTestId('table-row');
    await user.type(screen.getByTestId('table-search'), 'Ville 07{Enter}');
    await waitFor(() => expect(server.calls.at(-1)!.query).toMatchObject({ q: 'Ville 07' }));
    expect(submitted).not.toHaveBeenCalled();
  });

  it('puts the row actions three to a line at most, beside a column kept on one line or as wide as told', async () => {
    mockServer({ 'GET /api/things': listReply(things.slice(0, 1)) });
    function Wide() {
      const list = useListState({ sort: 'name' });
      const result = thingsApi.useListTableThingsQuery(list.args);
      const action = (id: string) => ({ id, label: id, icon: <EditOutlined />, onClick: () => undefined });
      return (
        <DataTable
          columns={[
            { id: 'key', label: 'Code', nowrap: true },
            { id: 'name', label: 'Nom', minWidth: 180 },
          ]}
          list={list}
          result={result}
          rowKey={(row) => row.key}
          rowActions={() => ['a', 'b', 'c', 'd', 'e'].map(action)}
        />
      );
    }
    renderWithProviders(<Wide />, { session: adminSession() });
    const row = await screen.findByTestId('table-row');
    const cells = within(row).getAllByRole('cell');
    expect(getComputedStyle(cells[0]).whiteSpace).toBe('nowrap');
    expect(getComputedStyle(cells[1]).minWidth).toBe('180px');
    const grid = within(cells[2]).getByTestId('row-action-a').closest('span')!.parentElement!;
    expect(getComputedStyle(grid).gridTemplateColumns).toBe('repeat(3, auto)');
    expect(within(cells[2]).getAllByRole('button')).toHaveLength(5);
  });
});

describe('the search box', () => {
  // A search the list shows late (a slow phone: the address lands renders after the debounce)
  // must not take back what was typed meanwhile; a search from elsewhere (back, a link) shows.
  it('keeps what was typed while its own earlier search comes back, and shows a search set from elsewhere', async () => {
    const user = userEvent.setup();
    const setSearch = vi.fn();
    const listOf = (q: string) => ({ q, setSearch }) as unknown as ListState;
    const { rerender } = renderWithProviders(<SearchBox placeholder="Code" list={listOf('')} />, { session: adminSession() });
    const box = screen.getByTestId('table-search');
    await user.type(box, '06');
    await waitFor(() => expect(setSearch).toHaveBeenLastCalledWith('06'));
    await user.type(box, '1');
    // « 06 » reaches the list only now, after « 1 » was typed.
    rerender(<SearchBox placeholder="Code" list={listOf('06')} />);
    expect(box).toHaveValue('061');
    await waitFor(() => expect(setSearch).toHaveBeenLastCalledWith('061'));
    rerender(<SearchBox placeholder="Code" list={listOf('061')} />);
    expect(box).toHaveValue('061');
    // Back to an earlier search: the box shows it.
    rerender(<SearchBox placeholder="Code" list={listOf('06')} />);
    expect(box).toHaveValue('06');
  });
});
