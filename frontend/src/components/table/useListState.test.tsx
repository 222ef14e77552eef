import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { addressOfList, listFromAddress, useListState, type ListState, type ListStateOptions, type ListView } from './useListState';

const DEFAULTS: ListView = { page: 1, perPage: 25, sort: 'name', q: '', filters: { status: 'new' } };

describe('the list in the address', () => {
  it('reads page, page size, sort, search and the named filters, the defaults for what is absent or wrong', () => {
    const view = listFromAddress(new URLSearchParams('page=3&per_page=50&sort=-created_at&q=%20Salma%20&status=all&client=C1'), DEFAULTS, false);
    expect(view).toEqual({ page: 3, perPage: 50, sort: '-created_at', q: 'Salma', filters: { status: 'all' } });
    expect(listFromAddress(new URLSearchParams('page=0&per_page=7&sort='), DEFAULTS, false)).toEqual({ ...DEFAULTS, sort: undefined });
    expect(listFromAddress(new URLSearchParams('page=x'), DEFAULTS, false).page).toBe(1);
    // Cursor mode: a page past the first needs the cursors of the pages seen.
    expect(listFromAddress(new URLSearchParams('page=3'), DEFAULTS, true).page).toBe(1);
    // A boolean filter reads back as a boolean.
    expect(listFromAddress(new URLSearchParams('active=false'), { ...DEFAULTS, filters: { active: true } }, false).filters).toEqual({ active: false });
  });

  it('writes what differs from the defaults, keeping the screen’s own parameters', () => {
    const write = (view: Partial<ListView>, current = '') => addressOfList({ ...DEFAULTS, ...view }, DEFAULTS, false, new URLSearchParams(current)).toString();
    expect(write({}, 'colis=CL1&page=4&q=old')).toBe('colis=CL1');
    expect(write({ page: 2, perPage: 10, sort: undefined, q: 'Omar Tazi', filters: { status: 'all' } })).toBe('page=2&per_page=10&sort=&q=Omar+Tazi&status=all');
    expect(write({ filters: { status: undefined } })).toBe('status=');
    expect(addressOfList({ ...DEFAULTS, page: 3 }, DEFAULTS, true, new URLSearchParams()).toString()).toBe('');
  });
});

function Probe() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output data-testid="search">{location.search}</output>
      <button type="button" onClick={() => navigate(-1)}>back</button>
      <button type="button" onClick={() => navigate(1)}>forward</button>
      <button type="button" onClick={() => navigate('/liste?status=all&q=Hamid')}>link</button>
    </>
  );
}

let shown: ListState | null = null;

function List({ options, name = 'list' }: { options: ListStateOptions; name?: string }) {
  const list = useListState(options);
  useEffect(() => {
    shown = list;
  });
  return (
    <div data-testid={name}>
      {JSON.stringify(list.args)}
      <button type="button" onClick={() => list.setFilter('status', 'all')}>all</button>
      <button type="button" onClick={() => list.setSearch('Salma')}>search</button>
      <button type="button" onClick={() => list.setPage(2)}>page 2</button>
    </div>
  );
}

function renderAt(path: string, ui: React.ReactElement) {
  return render(
    <MemoryRouter initialEntries={['/avant', path]} initialIndex={1}>
      {ui}
      <Probe />
    </MemoryRouter>,
  );
}

const args = (testId = 'list') => JSON.parse(screen.getByTestId(testId).textContent!.replace(/(all|search|page 2)+$/, '')) as Record<string, unknown>;

describe('useListState and the address', () => {
  it('starts from the address (a reload, a link), then writes each change there', async () => {
    const user = userEvent.setup();
    renderAt('/liste?status=activated&page=2&colis=CL1', <List options={{ filters: { status: 'new' } }} />);
    expect(args()).toEqual({ page: 2, per_page: 25, status: 'activated' });
    await user.click(screen.getByText('all'));
    await waitFor(() => expect(screen.getByTestId('search')).toHaveTextContent('?status=all&colis=CL1'));
    expect(args()).toEqual({ page: 1, per_page: 25, status: 'all' });
    await user.click(screen.getByText('search'));
    await user.click(screen.getByText('page 2'));
    await waitFor(() => expect(screen.getByTestId('search')).toHaveTextContent('?status=all&colis=CL1&q=Salma&page=2'));
  });

  it('follows the address on a navigation: a link to the same screen, back, forward', async () => {
    const user = userEvent.setup();
    renderAt('/liste', <List options={{ filters: { status: 'new' } }} />);
    await user.click(screen.getByText('link'));
    await waitFor(() => expect(args()).toEqual({ page: 1, per_page: 25, status: 'all', q: 'Hamid' }));
    await user.click(screen.getByText('back'));
    await waitFor(() => expect(args()).toEqual({ page: 1, per_page: 25, status: 'new' }));
    expect(screen.getByTestId('search')).toHaveTextContent(/^$/);
    await user.click(screen.getByText('forward'));
    await waitFor(() => expect(args()).toEqual({ page: 1, per_page: 25, status: 'all', q: 'Hamid' }));
  });

  it('changes made faster than the address follows all land', async () => {
    renderAt('/liste', <List options={{ filters: { status: 'new' } }} />);
    act(() => {
      shown!.setFilter('status', 'all');
      shown!.setSearch('Salma');
    });
    act(() => shown!.setPage(3));
    await waitFor(() => expect(screen.getByTestId('search')).toHaveTextContent('?q=Salma&status=all&page=3'));
    expect(args()).toEqual({ page: 3, per_page: 25, status: 'all', q: 'Salma' });
  });

  it('leaves the address alone with url: false, and in cursor mode keeps the page out of it', async () => {
    const user = userEvent.setup();
    const { unmount } = renderAt('/liste?q=x', <List options={{ url: false }} />);
    expect(args()).toEqual({ page: 1, per_page: 25 });
    await user.click(screen.getByText('search'));
    expect(args()).toEqual({ page: 1, per_page: 25, q: 'Salma' });
    expect(screen.getByTestId('search')).toHaveTextContent('?q=x');
    unmount();
    renderAt('/liste', <List options={{ cursor: true }} />);
    act(() => shown!.nextPage('CURSOR2'));
    await user.click(screen.getByText('search'));
    await waitFor(() => expect(screen.getByTestId('search')).toHaveTextContent('?q=Salma'));
  });

  it('gives the next tab panel a fresh list, not the parameters of the one it replaces', async () => {
    const user = userEvent.setup();
    function Tabs() {
      const [tab, setTab] = useState<'a' | 'b'>('a');
      return (
        <>
          <button type="button" onClick={() => setTab(tab === 'a' ? 'b' : 'a')}>
            switch
          </button>
          {tab === 'a' ? <List key="a" name="a" options={{ filters: { status: 'new' } }} /> : <List key="b" name="b" options={{ sort: 'name' }} />}
        </>
      );
    }
    renderAt('/liste', <Tabs />);
    await user.click(screen.getByText('search'));
    await waitFor(() => expect(screen.getByTestId('search')).toHaveTextContent('?q=Salma'));
    await user.click(screen.getByText('switch'));
    expect(args('b')).toEqual({ page: 1, per_page: 25, sort: 'name' });
    await waitFor(() => expect(screen.getByTestId('search')).toHaveTextContent(/^$/));
    await user.click(screen.getByText('page 2'));
    await waitFor(() => expect(screen.getByTestId('search')).toHaveTextContent('?page=2'));
  });
});
