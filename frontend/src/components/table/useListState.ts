import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';

export type FilterValue = string | boolean | undefined;

/** Query parameters of a server-side list: `?page=&per_page=&sort=&q=` plus filters. */
export interface ListArgs {
  /** Absent on the cursor pages of a list in cursor mode. */
  page?: number;
  per_page: number;
  sort?: string;
  q?: string;
  [filter: string]: string | number | boolean | undefined;
}

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;

export interface ListStateOptions {
  /** Initial sort column, `-column` for descending. */
  sort?: string;
  perPage?: number;
  /**
   * Initial filters. These are the filters kept in the address (tabs, presets): name them, even
   * as `undefined`, to have them there. A filter set later only (e.g. from an autocomplete whose
   * field could not show a key read back from the address) stays out of it.
   */
  filters?: Record<string, FilterValue>;
  /**
   * Cursor mode (keyset pages): page 1 is `?page=1`, the next ones `?cursor=` with the
   * `next_cursor` of the page before; the cursors of the pages seen are remembered to go back.
   */
  cursor?: boolean;
  /**
   * Whether the list's state lives in the address's query (default): `?page=&per_page=&sort=&q=`
   * and the named filters, each only when it differs from the list's default. A reload, the
   * back and forward buttons and a link (`/compte/clients?status=all&q=…`) then show the same
   * list. `false` for a list inside a drawer, a dialog or a tab panel, which would otherwise
   * share these parameters with the page's list.
   */
  url?: boolean;
}

export interface ListState {
  page: number;
  perPage: number;
  sort?: string;
  q: string;
  filters: Record<string, FilterValue>;
  /** The query parameters to hand to the list endpoint. */
  args: ListArgs;
  setPage: (page: number) => void;
  setPerPage: (perPage: number) => void;
  /** Sorts by a column: ascending first, then descending, then ascending again. */
  toggleSort: (column: string) => void;
  /** Sorts by `column` (`-column`: descending); `undefined`: the list's default order. */
  setSort: (sort: string | undefined) => void;
  setSearch: (q: string) => void;
  setFilter: (name: string, value: FilterValue) => void;
  /** Cursor mode: the list's pages are reached through cursors (see `ListStateOptions.cursor`). */
  cursorMode: boolean;
  /** Cursor mode: goes to the page after the current one, given the current page's `next_cursor`. */
  nextPage: (cursor: string) => void;
}

/** What of a list's state the address holds (in cursor mode, all but the page). */
export interface ListView {
  page: number;
  perPage: number;
  sort?: string;
  q: string;
  filters: Record<string, FilterValue>;
}

/** The parameters of the address a list owns besides its filters. */
export const LIST_PARAMS = { page: 'page', perPage: 'per_page', sort: 'sort', q: 'q' } as const;

function positiveInteger(text: string | null): number | undefined {
  if (text === null || !/^\d{1,6}$/.test(text)) return undefined;
  const value = Number(text);
  return value >= 1 ? value : undefined;
}

function sameValue(a: FilterValue, b: FilterValue): boolean {
  // Absent and empty both mean "not filtered".
  return (a ?? '') === (b ?? '') && typeof (a ?? '') === typeof (b ?? '');
}

/**
 * The list as the address describes it: each parameter present replaces the list's default
 * (an empty `sort=` is the endpoint's own order, an empty filter "not filtered"); what is not
 * a page, a page size of the pager, or a named filter is left to the screen.
 */
export function listFromAddress(params: URLSearchParams, defaults: ListView, cursorMode: boolean): ListView {
  const perPage = positiveInteger(params.get(LIST_PARAMS.perPage));
  const filters: Record<string, FilterValue> = { ...defaults.filters };
  for (const [name, fallback] of Object.entries(defaults.filters)) {
    const text = params.get(name);
    if (text === null) continue;
    filters[name] = typeof fallback === 'boolean' && (text === 'true' || text === 'false') ? text === 'true' : text;
  }
  return {
    page: cursorMode ? 1 : positiveInteger(params.get(LIST_PARAMS.page)) ?? 1,
    perPage: perPage !== undefined && (PAGE_SIZES as readonly number[]).includes(perPage) ? perPage : defaults.perPage,
    sort: params.has(LIST_PARAMS.sort) ? params.get(LIST_PARAMS.sort) || undefined : defaults.sort,
    q: (params.get(LIST_PARAMS.q) ?? '').trim(),
    filters,
  };
}

/**
 * `current` with the list's parameters set to `view`: each one that differs from the list's
 * default, the others removed; the screen's own parameters (an open drawer…) are kept.
 */
export function addressOfList(view: ListView, defaults: ListView, cursorMode: boolean, current: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(current);
  const put = (name: string, value: string | undefined) => {
    if (value === undefined) next.delete(name);
    else next.set(name, value);
  };
  put(LIST_PARAMS.page, !cursorMode && view.page > 1 ? String(view.page) : undefined);
  put(LIST_PARAMS.perPage, view.perPage !== defaults.perPage ? String(view.perPage) : undefined);
  put(LIST_PARAMS.sort, view.sort !== defaults.sort ? view.sort ?? '' : undefined);
  put(LIST_PARAMS.q, view.q || undefined);
  for (const [name, fallback] of Object.entries(defaults.filters)) {
    const value = view.filters[name];
    put(name, sameValue(value, fallback) ? undefined : String(value ?? ''));
  }
  return next;
}

/** One string per list view as the address holds it: equal views, equal strings. */
function signature(view: ListView, defaults: ListView, cursorMode: boolean): string {
  return addressOfList(view, defaults, cursorMode, new URLSearchParams()).toString();
}

/**
 * The list holding the address. One at a time: a list mounting on the same page while another
 * holds it (the next tab panel, before the one it replaces has gone; a list in a drawer) starts
 * from its defaults, and takes the address (writing its own state there) once the other is gone.
 */
let addressOwner: { id: symbol; path: string } | null = null;

/**
 * Page, page size, sort, search text and filters of one list. Changing any but the page goes
 * back to page 1. Unless `url: false`, the state is also the address's query (see `url`).
 */
export function useListState(options: ListStateOptions = {}): ListState {
  const cursorMode = Boolean(options.cursor);
  const inAddress = options.url !== false;
  // Like the initial state, the defaults are those of the first render.
  const [defaults] = useState<ListView>(() => ({
    page: 1,
    perPage: options.perPage ?? DEFAULT_PAGE_SIZE,
    sort: options.sort,
    q: '',
    filters: options.filters ?? {},
  }));
  const [id] = useState(() => Symbol('list'));
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const [state, setState] = useState(() => ({
    ...(inAddress && addressOwner?.path !== pathname ? listFromAddress(params, defaults, cursorMode) : defaults),
    /** Cursor mode: `cursors[n - 2]` is the cursor of page n (page 1 needs none). */
    cursors: [] as string[],
  }));

  // In cursor mode only the pages already seen can be reached directly (going back).
  const setPage = useCallback(
    (page: number) =>
      setState((s) => ({ ...s, page: Math.max(1, cursorMode ? Math.min(page, s.cursors.length + 1) : page) })),
    [cursorMode],
  );
  const nextPage = useCallback(
    (cursor: string) => setState((s) => ({ ...s, cursors: [...s.cursors.slice(0, s.page - 1), cursor], page: s.page + 1 })),
    [],
  );
  const setPerPage = useCallback((perPage: number) => setState((s) => ({ ...s, perPage, page: 1 })), []);
  const toggleSort = useCallback(
    (column: string) => setState((s) => ({ ...s, sort: s.sort === column ? `-${column}` : column, page: 1 })),
    [],
  );
  const setSort = useCallback(
    (sort: string | undefined) => setState((s) => (s.sort === sort ? s : { ...s, sort, page: 1 })),
    [],
  );
  const setSearch = useCallback(
    (q: string) => setState((s) => (s.q === q.trim() ? s : { ...s, q: q.trim(), page: 1 })),
    [],
  );
  const setFilter = useCallback(
    (name: string, value: FilterValue) =>
      setState((s) => (s.filters[name] === value ? s : { ...s, filters: { ...s.filters, [name]: value }, page: 1 })),
    [],
  );

  // The address and the state follow each other. Writing the address lands a render or more
  // later (a transition): until then the address still shows a view the state has left, which
  // is not a navigation. A navigation (back, forward, a link to this screen with other
  // parameters) is an address the list did not write: the list then shows it.
  const seenAddress = useRef<string | null>(null);
  const written = useRef<string[]>([]);
  const show = useCallback(
    (view: ListView) => setState((s) => ({ ...view, filters: { ...s.filters, ...view.filters }, cursors: [] })),
    [],
  );
  useEffect(() => {
    if (!inAddress) return;
    if (addressOwner !== null && addressOwner.id !== id) return;
    addressOwner = { id, path: pathname };
    const fromAddress = listFromAddress(params, defaults, cursorMode);
    const addressView = signature(fromAddress, defaults, cursorMode);
    const stateView = signature(state, defaults, cursorMode);
    const moved = seenAddress.current !== null && addressView !== seenAddress.current;
    seenAddress.current = addressView;
    const mine = written.current.indexOf(addressView);
    if (mine >= 0) written.current = written.current.slice(mine + 1);
    if (addressView === stateView) return;
    if (moved && mine < 0) {
      written.current = [];
      show(fromAddress);
    } else if (!written.current.includes(stateView)) {
      written.current.push(stateView);
      setParams((current) => addressOfList(state, defaults, cursorMode, current), { replace: true });
    }
  }, [inAddress, id, pathname, params, state, defaults, cursorMode, setParams, show]);
  useEffect(
    () => () => {
      if (addressOwner?.id === id) addressOwner = null;
    },
    [id],
  );

  const args = useMemo<ListArgs>(() => {
    const cursor = cursorMode && state.page > 1 ? state.cursors[state.page - 2] : undefined;
    const out: ListArgs = cursor ? { per_page: state.perPage, cursor } : { page: state.page, per_page: state.perPage };
    if (state.sort) out.sort = state.sort;
    if (state.q) out.q = state.q;
    for (const [name, value] of Object.entries(state.filters)) {
      if (value !== undefined && value !== '') out[name] = value;
    }
    return out;
  }, [state, cursorMode]);

  const { cursors: _cursors, ...shown } = state;
  return { ...shown, args, setPage, setPerPage, toggleSort, setSort, setSearch, setFilter, cursorMode, nextPage };
}
