import { useCallback, useMemo, useState } from 'react';

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
  filters?: Record<string, FilterValue>;
  /**
   * Cursor mode (keyset pages): page 1 is `?page=1`, the next ones `?cursor=` with the
   * `next_cursor` of the page before; the cursors of the pages seen are remembered to go back.
   */
  cursor?: boolean;
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

/** Page, page size, sort, search text and filters of one list. Changing any but the page goes back to page 1. */
export function useListState(options: ListStateOptions = {}): ListState {
  const cursorMode = Boolean(options.cursor);
  const [state, setState] = useState(() => ({
    page: 1,
    perPage: options.perPage ?? DEFAULT_PAGE_SIZE,
    sort: options.sort,
    q: '',
    filters: options.filters ?? {},
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
