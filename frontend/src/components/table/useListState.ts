import { useCallback, useMemo, useState } from 'react';

export type FilterValue = string | boolean | undefined;

/** Query parameters of a server-side list: `?page=&per_page=&sort=&q=` plus filters. */
export interface ListArgs {
  page: number;
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
  setSearch: (q: string) => void;
  setFilter: (name: string, value: FilterValue) => void;
}

/** Page, page size, sort, search text and filters of one list. Changing any but the page goes back to page 1. */
export function useListState(options: ListStateOptions = {}): ListState {
  const [state, setState] = useState(() => ({
    page: 1,
    perPage: options.perPage ?? DEFAULT_PAGE_SIZE,
    sort: options.sort,
    q: '',
    filters: options.filters ?? {},
  }));

  const setPage = useCallback((page: number) => setState((s) => ({ ...s, page: Math.max(1, page) })), []);
  const setPerPage = useCallback((perPage: number) => setState((s) => ({ ...s, perPage, page: 1 })), []);
  const toggleSort = useCallback(
    (column: string) => setState((s) => ({ ...s, sort: s.sort === column ? `-${column}` : column, page: 1 })),
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
    const out: ListArgs = { page: state.page, per_page: state.perPage };
    if (state.sort) out.sort = state.sort;
    if (state.q) out.q = state.q;
    for (const [name, value] of Object.entries(state.filters)) {
      if (value !== undefined && value !== '') out[name] = value;
    }
    return out;
  }, [state]);

  return { ...state, args, setPage, setPerPage, toggleSort, setSearch, setFilter };
}
