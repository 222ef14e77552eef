// GET /api/search?q=: the people (admins) and tickets (callers with `support`) matching the text,
// at most 5 of each; the top-bar search shows them beside the pages and the parcels.
import { api } from '../app/api';
import { useDebounced } from '../components/useDebounced';
import { SEARCH_MAX_RESULTS_PER_TYPE } from '../theme/constants';

export interface SearchPerson {
  key: string;
  name: string;
  role: string;
  company: string | null;
}

export interface SearchTicket {
  key: string;
  code: string;
  subject: string;
  status: string;
}

export interface SearchAnswer {
  data: {
    parcels?: Array<{ key: string; code: string; name: string; status: string }>;
    people?: SearchPerson[];
    tickets?: SearchTicket[];
  };
}

/** Characters typed before the server is asked. */
export const GLOBAL_SEARCH_MIN = 2;

export const searchApi = api.injectEndpoints({
  endpoints: (build) => ({
    globalSearch: build.query<SearchAnswer, string>({
      query: (q) => ({ url: 'search', params: { q } }),
      providesTags: [{ type: 'tickets', id: 'LIST' }],
    }),
  }),
});

export const { useGlobalSearchQuery } = searchApi;

/** People and tickets for the text typed, once it has settled (nothing under 2 characters). */
export function useGlobalSearch(query: string, enabled: boolean) {
  const typed = query.trim();
  const q = useDebounced(typed, 250);
  const skip = !enabled || q.length < GLOBAL_SEARCH_MIN;
  const { data, isFetching } = useGlobalSearchQuery(q, { skip });
  const stale = skip || typed.length < GLOBAL_SEARCH_MIN;
  return {
    people: stale ? [] : (data?.data.people ?? []).slice(0, SEARCH_MAX_RESULTS_PER_TYPE),
    tickets: stale ? [] : (data?.data.tickets ?? []).slice(0, SEARCH_MAX_RESULTS_PER_TYPE),
    loading: !skip && typed.length >= GLOBAL_SEARCH_MIN && (isFetching || q !== typed),
  };
}
