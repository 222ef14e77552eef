// The delivery people screen's own endpoint (the people themselves are in
// components/deliveryPerson/api.ts, which other screens share): the calls before failed attempts.
import { api } from '../../core/api';
import type { Query, Schema } from '../../core/apiTypes';
import type { ItemResponse } from '../../core/crud';

/** GET delivery-admins/calls: per delivery person, his failed attempts of the period and how many had no call before them. */
export type CallChecks = Schema<'CallChecks'>;

/** One delivery person's row (the server's order: most without a call first). */
export type CallCheckRow = Schema<'CallCheckRow'>;

/** `?from=&to=` (`YYYY-MM-DD`; the last 30 days when left out). */
export type CallChecksPeriod = Query<'/api/delivery-admins/calls', 'get'>;

export const deliveryCallsApi = api.injectEndpoints({
  endpoints: (build) => ({
    callChecks: build.query<CallChecks, CallChecksPeriod>({
      query: (period) => {
        const params: Record<string, string> = {};
        if (period.from) params.from = period.from;
        if (period.to) params.to = period.to;
        return { url: 'delivery-admins/calls', params };
      },
      transformResponse: (response: ItemResponse<CallChecks>) => response.data,
      // Figures of a period: the outcomes recorded since (parcel writes) refresh them.
      providesTags: ['statistics'],
    }),
  }),
});

export const { useCallChecksQuery } = deliveryCallsApi;
