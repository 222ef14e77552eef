import type { ListResult } from './DataTable';
import type { ListState } from './useListState';

/**
 * A list already in memory (e.g. the parcels of a voucher) shown by the DataTable: the page the
 * list state asks for, with the count of every row. Loading and error come from the caller.
 */
export function localResult<T>(
  rows: readonly T[] | undefined,
  list: Pick<ListState, 'page' | 'perPage'>,
  state: Omit<ListResult<T>, 'data'>,
): ListResult<T> {
  if (rows === undefined) return { ...state };
  const start = (list.page - 1) * list.perPage;
  return {
    ...state,
    data: { data: rows.slice(start, start + list.perPage), meta: { page: list.page, per_page: list.perPage, total: rows.length } },
  };
}
