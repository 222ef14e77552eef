// Refused outcomes kept for the office (docs/api.md, « GET parcels/outcomes/unapplied »): an
// outcome the delivery person's phone sent from its offline queue that the server refused (the
// parcel was cancelled or lost meanwhile, or given to someone else) stays on record with the cash
// it implies, until an admin applies it, records the cash returned, or dismisses it. The phone
// only marks its own seen. Kept free of UI code: the dashboard, the parcel drawer, the office's
// screen and the round use it.
import { api } from '../../core/api';
import type { ListResponse } from '../../core/collections';
import { listParams, type ItemResponse } from '../../core/crud';
import type { ListArgs } from '../table/useListState';
import { WRITES, type ParcelStatus } from './api';

export type UnappliedState = 'open' | 'resolved';

/** How the office settled it: applied after all, the cash brought back, or dismissed (with a reason). */
export type UnappliedResolution = 'apply' | 'cash_returned' | 'dismiss';

/** GET /api/parcels/outcomes/unapplied item. Money in centimes. */
export interface UnappliedOutcome {
  key: string;
  /** The parcel as it is now. */
  parcel: { key: string; status: ParcelStatus; status_label: string; recipient_name: string; cod_amount: number };
  delivery_admin: { key: string; full_name: string };
  /** The outcome he recorded (a status key) and its label. */
  outcome: ParcelStatus;
  outcome_label: string;
  comment: string | null;
  /** `YYYY-MM-DD`: a postponement's day. */
  date: string | null;
  /** A proof of delivery came with it (not kept). */
  had_proof: boolean;
  /** RFC 3339: when he recorded it on his phone. */
  recorded_at: string;
  /** RFC 3339: when the server refused it. */
  received_at: string;
  /** The server's refusal message. */
  reason: string;
  /** The COD of a refused « Livré » (he may hold it); negative for a refund (he paid it out); else 0. */
  cash_at_stake: number;
  state: UnappliedState;
  resolution: UnappliedResolution | null;
  resolution_comment: string | null;
  resolved_by_name: string | null;
  resolved_at: string | null;
  /** When the delivery person marked it seen on his phone. */
  seen_at: string | null;
}

export interface UnappliedArgs extends ListArgs {
  /** `open` (oldest first) or `resolved`; every state when absent. */
  status?: UnappliedState;
  /** One parcel's (its tracking code). */
  parcel?: string;
}

export interface ResolveArgs {
  key: string;
  resolution: UnappliedResolution;
  /** Required to dismiss. */
  comment?: string;
}

const segment = encodeURIComponent;

export const unappliedApi = api.injectEndpoints({
  endpoints: (build) => ({
    listUnappliedOutcomes: build.query<ListResponse<UnappliedOutcome>, UnappliedArgs>({
      query: (args) => ({ url: 'parcels/outcomes/unapplied', params: listParams(args) }),
      providesTags: ['unappliedOutcomes'],
    }),
    /** An admin settles one (409 once settled, or when its parcel can no longer take it). */
    resolveUnappliedOutcome: build.mutation<ItemResponse<UnappliedOutcome>, ResolveArgs>({
      query: ({ key, ...body }) => ({ url: `parcels/outcomes/unapplied/${segment(key)}`, method: 'PUT', body }),
      // Applying it moves the parcel: its lists, history and the figures follow.
      invalidatesTags: (_result, _error, { resolution }) => (resolution === 'apply' ? ['unappliedOutcomes', 'activities', ...WRITES] : ['unappliedOutcomes', 'activities']),
    }),
    /** The delivery person marks one of his seen (it stays on record). */
    markUnappliedOutcomeSeen: build.mutation<ItemResponse<UnappliedOutcome>, string>({
      query: (key) => ({ url: `parcels/outcomes/unapplied/${segment(key)}/seen`, method: 'PUT', body: {} }),
      invalidatesTags: ['unappliedOutcomes'],
    }),
  }),
});

export const { useListUnappliedOutcomesQuery, useLazyListUnappliedOutcomesQuery, useResolveUnappliedOutcomeMutation, useMarkUnappliedOutcomeSeenMutation } =
  unappliedApi;
