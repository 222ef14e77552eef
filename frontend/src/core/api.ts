// The one RTK Query API of the app. Features add their endpoints with `api.injectEndpoints`.
import {
  createApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import type { Schema } from './apiTypes';
import { XSRF_COOKIE, XSRF_HEADER, fetchCsrfCookie, readCookie, siteOrigin } from './csrf';
import { sessionExpired } from './sessionEvents';

/**
 * Error body the server sends everywhere. Read from whatever object a failed call brought back
 * (a proxy's too), so any field may be missing.
 */
export type ApiErrorBody = Partial<Schema<'ErrorBody'>>;

export const rawBaseQuery = fetchBaseQuery({
  baseUrl: `${siteOrigin()}/api`,
  credentials: 'include',
  prepareHeaders: (headers, { getState }) => {
    headers.set('Accept', 'application/json');
    headers.set('cache-control', 'no-cache');
    // Status labels and history texts come back in the language of the UI.
    const language = (getState() as { settings?: { language?: string } }).settings?.language;
    if (language) headers.set('Accept-Language', language);
    const token = readCookie(XSRF_COOKIE);
    if (token) headers.set(XSRF_HEADER, token);
    return headers;
  },
});

/**
 * Base query: on a 419 (anti-forgery token missing or stale) it fetches a new cookie and
 * retries once; on a 401 it reports the session as expired, which sends the user to sign-in.
 */
export const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (
  args,
  queryApi,
  extraOptions,
) => {
  let result = await rawBaseQuery(args, queryApi, extraOptions);
  if (result.error?.status === 419) {
    try {
      await fetchCsrfCookie();
      result = await rawBaseQuery(args, queryApi, extraOptions);
    } catch (error) {
      console.error('Could not refresh the anti-forgery cookie', error);
    }
  }
  if (result.error?.status === 401) {
    queryApi.dispatch(sessionExpired());
  }
  return result;
};

/** Tag types: the specification's camelCase collection names, plus the session ones. */
export const COLLECTION_TAGS = [
  'statistics',
  'states',
  'shops',
  'cities',
  'parcels',
  'pickupVouchers',
  'managers',
  'clients',
  'deliveryAdmins',
  'clientsInvoices',
  'deliveryAdminsInvoices',
  'exitVouchers',
  'returnVouchers',
  'announcements',
  'tickets',
  'admins',
  'deliveryAdminsParcelsUnpaid',
  'costs',
  'guides',
  'inventoryStates',
  'inventoryTypes',
  'inventories',
  'inventoriesMovements',
  'inventoryClients',
] as const;

/**
 * Cached lists the bulk loader does not load: unpaid shops, the activity log, the delivery people's
 * balances, the merchants' accounts, RIB changes, the company's settings, recipient policy and
 * recipients' messages setting (SMS / WhatsApp), the refused outcomes kept for the office, the
 * confirmation agents' figures, the messages sent to people (e-mails).
 */
export const EXTRA_TAGS = [
  'shopsUnpaid',
  'activities',
  'deliveryPersonBalances',
  'merchantBalances',
  'bankAccountChanges',
  'companySettings',
  'recipientPolicy',
  'recipientMessagesSetting',
  'unappliedOutcomes',
  'confirmations',
  'outboundMessages',
] as const;

export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: [...COLLECTION_TAGS, ...EXTRA_TAGS, 'User', 'Tokens', 'Sessions', 'Webhooks', 'WebhookDeliveries'],
  refetchOnMountOrArgChange: false,
  endpoints: () => ({}),
});

/**
 * A refused call's error with the seconds a 429's `Retry-After` asks to wait, so that a page can
 * say how long (see `withRetryAfter`).
 */
export interface RetryAfter {
  retryAfter?: number;
}

/**
 * An endpoint's `transformErrorResponse` that keeps a refusal's `Retry-After` (seconds) on the
 * error as `retryAfter`.
 */
export function withRetryAfter(error: FetchBaseQueryError, meta: unknown): FetchBaseQueryError & RetryAfter {
  const response = (meta as { response?: Response } | undefined)?.response;
  const seconds = Number(response?.headers.get('Retry-After'));
  return Number.isFinite(seconds) && seconds > 0 ? { ...error, retryAfter: seconds } : error;
}

/** Field errors of a 422 answer, first message per field. */
export function fieldErrors(error: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  const body = errorBody(error);
  if (body?.errors) {
    for (const [field, messages] of Object.entries(body.errors)) {
      if (Array.isArray(messages) && messages.length > 0) out[field] = String(messages[0]);
    }
  }
  return out;
}

/** The `{message, errors}` body of a failed call, if any. */
export function errorBody(error: unknown): ApiErrorBody | null {
  if (error && typeof error === 'object' && 'data' in error) {
    const data = (error as { data: unknown }).data;
    if (data && typeof data === 'object') return data as ApiErrorBody;
  }
  return null;
}

/** HTTP status of a failed call, or a string status (FETCH_ERROR, PARSING_ERROR...). */
export function errorStatus(error: unknown): number | string | null {
  if (error && typeof error === 'object' && 'status' in error) {
    return (error as { status: number | string }).status;
  }
  return null;
}
