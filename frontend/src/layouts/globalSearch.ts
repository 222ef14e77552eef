// GET /api/search?q=: the people (admins), tickets (callers with `support`), vouchers and
// invoices (by code, within the caller's scope) matching the text, at most 5 of each; the
// top-bar search shows them beside the pages and the parcels.
import { api } from '../core/api';
import { useDebounced } from '../components/useDebounced';
import { INVOICE_LISTS, INVOICE_PARAM } from '../components/invoice/config';
import type { MerchantStatus } from '../components/merchant/api';
import { LIST_PARAMS } from '../components/table/useListState';
import { VOUCHER_LISTS, VOUCHER_PARAM } from '../components/voucher/config';
import { pathOf, type SessionInfo } from '../navigation/access';
import { NOT_FOUND_PATH } from '../navigation/routes';
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

export interface SearchVoucher {
  key: string;
  code: string;
  kind: 'pickup' | 'exit' | 'return';
  status: string;
}

export interface SearchInvoice {
  key: string;
  number: string;
  /** `delivered`, `returned` (client invoices) or `delivery`. */
  kind: 'delivered' | 'returned' | 'delivery';
  status: string;
  total: number;
}

export interface SearchAnswer {
  data: {
    parcels?: Array<{ key: string; code: string; name: string; status: string }>;
    people?: SearchPerson[];
    tickets?: SearchTicket[];
    vouchers?: SearchVoucher[];
    invoices?: SearchInvoice[];
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

/** The first of the session's list routes `matches` accepts, on which `key` opens: its path, or null. */
function listPath<C>(
  lists: Readonly<Record<string, C>>,
  matches: (config: C) => boolean,
  session: SessionInfo,
  param: string,
  key: string,
): string | null {
  for (const [name, config] of Object.entries(lists)) {
    if (!matches(config)) continue;
    const path = pathOf(name, session);
    if (path !== NOT_FOUND_PATH) return `${path}?${param}=${encodeURIComponent(key)}`;
  }
  return null;
}

/** Where a found voucher opens: the caller's list of its kind, its drawer open; null without one. */
export function voucherPath(voucher: Pick<SearchVoucher, 'key' | 'kind'>, session: SessionInfo): string | null {
  if (!session.role) return null;
  // A list of every status (not "new vouchers only"), so the drawer opens whatever its status.
  return listPath(VOUCHER_LISTS[session.role], (c) => c.kind === voucher.kind && !c.status, session, VOUCHER_PARAM, voucher.key);
}

/** Where a found invoice opens: the caller's list of its kind, its drawer open; null without one. */
export function invoicePath(invoice: Pick<SearchInvoice, 'key' | 'kind'>, session: SessionInfo): string | null {
  if (!session.role) return null;
  const matches = (c: { family: string; type?: string }) =>
    invoice.kind === 'delivery' ? c.family === 'delivery' : c.family === 'client' && c.type === invoice.kind;
  return listPath(INVOICE_LISTS[session.role], matches, session, INVOICE_PARAM, invoice.key);
}

/**
 * The list a found person is on, by his role, and its filters showing him whatever his state
 * (the merchants' list opens on the new accounts: an activated merchant is under « Tous »).
 */
const PERSON_LISTS: Readonly<Record<string, { route: string; filters?: Record<string, string> }>> = {
  client: { route: 'clients', filters: { status: 'all' satisfies MerchantStatus } },
  'delivery-admin': { route: 'deliverymen' },
  delivery: { route: 'deliverymen' },
};

/**
 * Where a found person opens: his list (merchants or delivery people) searched by his name, so
 * his row is there; null when the caller does not hold that list.
 */
export function personPath(person: Pick<SearchPerson, 'name' | 'role'>, session: SessionInfo): string | null {
  const list = PERSON_LISTS[person.role];
  const path = list ? pathOf(list.route, session) : NOT_FOUND_PATH;
  if (path === NOT_FOUND_PATH) return null;
  const query = new URLSearchParams(list.filters);
  query.set(LIST_PARAMS.q, person.name);
  return `${path}?${query.toString()}`;
}

/** Whether the session opens any voucher or invoice list (then the server is asked for codes). */
export function searchesCodes(session: SessionInfo): boolean {
  if (!session.role) return false;
  const names = [...Object.keys(VOUCHER_LISTS[session.role]), ...Object.keys(INVOICE_LISTS[session.role])];
  return names.some((name) => pathOf(name, session) !== NOT_FOUND_PATH);
}

/** People, tickets, vouchers and invoices for the text typed, once it has settled (nothing under 2 characters). */
export function useGlobalSearch(query: string, enabled: boolean) {
  const typed = query.trim();
  const q = useDebounced(typed, 250);
  const skip = !enabled || q.length < GLOBAL_SEARCH_MIN;
  const { data, isFetching } = useGlobalSearchQuery(q, { skip });
  const stale = skip || typed.length < GLOBAL_SEARCH_MIN;
  const first = <T>(items: T[] | undefined): T[] => (stale ? [] : (items ?? []).slice(0, SEARCH_MAX_RESULTS_PER_TYPE));
  return {
    people: first(data?.data.people),
    tickets: first(data?.data.tickets),
    vouchers: first(data?.data.vouchers),
    invoices: first(data?.data.invoices),
    loading: !skip && typed.length >= GLOBAL_SEARCH_MIN && (isFetching || q !== typed),
  };
}
