import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { api } from '../../core/api';
import { crudEndpoints } from '../../core/crud';
import { adminSession } from '../../test/fixtures';
import { mockServer, type MockReply, type RecordedCall } from '../../test/mockServer';
import { renderWithProviders } from '../../test/render';
import { DataTable, type Column } from './DataTable';
import { useListState } from './useListState';

interface Item {
  key: string;
  name: string;
}

const itemsApi = api.injectEndpoints({
  endpoints: (build) => ({ listCursorItems: crudEndpoints<Item, Partial<Item>>(build, { path: 'items', tag: 'parcels' }).list }),
});

const columns: Column<Item>[] = [{ id: 'name', label: 'Nom' }];

function Harness({ onOpen = () => undefined }: { onOpen?: (row: Item) => void }) {
  const list = useListState({ sort: '-created_at', cursor: true, perPage: 10 });
  const result = itemsApi.useListCursorItemsQuery(list.args);
  const [selected, setSelected] = useState<string[]>([]);
  return (
    <DataTable
      columns={columns}
      list={list}
      result={result}
      rowKey={(row) => row.key}
      rowName={(row) => row.name}
      searchPlaceholder="Nom"
      selection={{ selected, onChange: setSelected }}
      selectionBar={<span data-testid="selected-count">{selected.length}</span>}
      onRowClick={onOpen}
    />
  );
}

const all: Item[] = Array.from({ length: 25 }, (_, index) => ({ key: `K${index}`, name: `Colis ${index}` }));

/** A keyset list as the parcels API answers it: a count on page 1 only, `next_cursor` after each page. */
function keysetReply(rows: Item[], call: RecordedCall, counted: { total: number; capped: boolean }): MockReply {
  const perPage = Number(call.query.per_page ?? 25);
  const start = call.query.cursor ? Number(call.query.cursor.split('_')[1]) + 1 : 0;
  const page = rows.slice(start, start + perPage);
  const more = start + perPage < rows.length;
  return {
    status: 200,
    body: {
      data: page,
      meta: {
        page: call.query.cursor ? 0 : 1,
        per_page: perPage,
        total: call.query.cursor ? null : counted.total,
        total_capped: call.query.cursor ? false : counted.capped,
        next_cursor: more ? `c_${start + perPage - 1}` : null,
      },
    },
  };
}

describe('DataTable in cursor mode', () => {
  it('goes forward with next_cursor, back through the remembered cursors, and keeps the first page count', async () => {
    const user = userEvent.setup();
    const server = mockServer({ 'GET /api/items': (call) => keysetReply(all, call, { total: 25, capped: false }) });
    renderWithProviders(<Harness />, { session: adminSession() });
    expect(await screen.findAllByTestId('table-row')).toHaveLength(10);
    const lastQuery = () => server.callsTo('GET', '/api/items').at(-1)!.query;
    expect(lastQuery()).toEqual({ page: '1', per_page: '10', sort: '-created_at' });
    const pagination = screen.getByTestId('table-pagination');
    expect(pagination).toHaveTextContent('1–10 sur 25');
    expect(within(pagination).getByRole('button', { name: 'Page précédente' })).toBeDisabled();

    await user.click(within(pagination).getByRole('button', { name: 'Page suivante' }));
    await waitFor(() => expect(lastQuery()).toEqual({ cursor: 'c_9', per_page: '10', sort: '-created_at' }));
    expect(await screen.findByText('Colis 10')).toBeInTheDocument();
    expect(screen.getByTestId('table-pagination')).toHaveTextContent('11–20 sur 25');

    await user.click(screen.getByRole('button', { name: 'Page suivante' }));
    await waitFor(() => expect(lastQuery()).toEqual({ cursor: 'c_19', per_page: '10', sort: '-created_at' }));
    expect(await screen.findByText('Colis 24')).toBeInTheDocument();
    expect(screen.getAllByTestId('table-row')).toHaveLength(5);
    expect(screen.getByTestId('table-pagination')).toHaveTextContent('21–25 sur 25');
    expect(screen.getByRole('button', { name: 'Page suivante' })).toBeDisabled();

    // Back: page 2 again from its remembered cursor, then page 1 without any.
    await user.click(screen.getByRole('button', { name: 'Page précédente' }));
    expect(await screen.findByText('Colis 10')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page précédente' }));
    expect(await screen.findByText('Colis 0')).toBeInTheDocument();
    const cursors = server.callsTo('GET', '/api/items').map((call) => call.query.cursor ?? 'first');
    // Pages already loaded come from the cache: no request goes back to the server for them.
    expect(cursors).toEqual(['first', 'c_9', 'c_19']);

    // A new search starts again from page 1 without a cursor.
    await user.click(screen.getByRole('button', { name: 'Page suivante' }));
    await waitFor(() => expect(screen.getByTestId('table-pagination')).toHaveTextContent('11–20'));
    await user.type(screen.getByTestId('table-search'), 'Colis{Enter}');
    await waitFor(() => expect(lastQuery()).toEqual({ page: '1', per_page: '10', sort: '-created_at', q: 'Colis' }));
  });

  it('says "1 000+" when the server stopped counting', async () => {
    mockServer({ 'GET /api/items': (call) => keysetReply(all, call, { total: 1000, capped: true }) });
    renderWithProviders(<Harness />, { session: adminSession() });
    await screen.findAllByTestId('table-row');
    expect(screen.getByTestId('table-pagination').textContent).toMatch(/1–10 sur 1\s000\+/);
  });

  it('selects rows one by one or by page, and opens a row on click or Enter', async () => {
    const user = userEvent.setup();
    const onOpen = vi.fn();
    mockServer({ 'GET /api/items': (call) => keysetReply(all, call, { total: 25, capped: false }) });
    renderWithProviders(<Harness onOpen={onOpen} />, { session: adminSession() });
    await screen.findAllByTestId('table-row');
    expect(screen.queryByTestId('table-selection-bar')).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Sélectionner Colis 3' }));
    expect(screen.getByTestId('selected-count')).toHaveTextContent('1');
    expect(onOpen).not.toHaveBeenCalled();
    await user.click(screen.getByRole('checkbox', { name: 'Sélectionner les lignes de la page' }));
    expect(screen.getByTestId('selected-count')).toHaveTextContent('10');
    await user.click(screen.getByRole('checkbox', { name: 'Sélectionner les lignes de la page' }));
    expect(screen.queryByTestId('table-selection-bar')).not.toBeInTheDocument();

    await user.click(screen.getByText('Colis 4'));
    expect(onOpen).toHaveBeenCalledWith(all[4]);
    screen.getAllByTestId('table-row')[5].focus();
    await user.keyboard('{Enter}');
    expect(onOpen).toHaveBeenLastCalledWith(all[5]);
  });
});
