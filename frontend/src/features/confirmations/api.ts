// The confirmation agents' endpoints (issue 40): the next order to call, the call's outcome, and
// the figures of a period.
import { api } from '../../core/api';
import type { Body, Query, Schema } from '../../core/apiTypes';
import type { ItemResponse } from '../../core/crud';
import { WRITES } from '../../components/parcel/api';

/** An order an agent holds (10 minutes): the parcel, the unanswered calls so far and the calls before. */
export type ConfirmationTask = Schema<'ConfirmationTask'>;

/** What a call ended in. */
export type ConfirmationOutcome = Schema<'ConfirmationOutcome'>;

/** One earlier call of an order. */
export type CallView = Schema<'CallView'>;

/** `PUT confirmations/{parcel}`: the outcome, and what goes with it. */
export type ConfirmationBody = Body<'/api/confirmations/{parcel}', 'put'>;

/** What recording a call leaves: the parcel after it, the unanswered calls, when it is called again. */
export type ConfirmationResult = Schema<'ConfirmationResult'>;

/** GET confirmations/statistics: the queue now, and the calls of the period per agent and per merchant. */
export type ConfirmationStatistics = Schema<'ConfirmationStatistics'>;

/** One agent's or one merchant's calls of the period. */
export type CallFigures = Schema<'CallFigures'>;

/** `?from=&to=` (`YYYY-MM-DD`; the last 30 days when left out). */
export type StatisticsPeriod = Query<'/api/confirmations/statistics', 'get'>;

export const OUTCOMES: readonly ConfirmationOutcome[] = ['confirmed', 'cancelled', 'no_answer', 'wrong_number'];

export const confirmationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The order this agent holds, else the next one to call, held for him 10 minutes; null (204)
     * when none is waiting. A POST: asking takes the order.
     */
    nextConfirmation: build.mutation<ConfirmationTask | null, void>({
      query: () => ({ url: 'confirmations/next', method: 'POST', body: {} }),
      transformResponse: (response: ItemResponse<ConfirmationTask> | null) => response?.data ?? null,
      invalidatesTags: ['confirmations'],
    }),
    /** The call's outcome: a confirmed or cancelled order moves (lists, dashboards, stock), a retry stays. */
    recordCall: build.mutation<ConfirmationResult, { parcel: string; body: ConfirmationBody }>({
      query: ({ parcel, body }) => ({ url: `confirmations/${encodeURIComponent(parcel)}`, method: 'PUT', body }),
      transformResponse: (response: ItemResponse<ConfirmationResult>) => response.data,
      invalidatesTags: [...WRITES, 'confirmations'],
    }),
    confirmationStatistics: build.query<ConfirmationStatistics, StatisticsPeriod>({
      query: (period) => {
        const params: Record<string, string> = {};
        if (period.from) params.from = period.from;
        if (period.to) params.to = period.to;
        return { url: 'confirmations/statistics', params };
      },
      transformResponse: (response: ItemResponse<ConfirmationStatistics>) => response.data,
      providesTags: ['confirmations'],
    }),
  }),
});

export const { useNextConfirmationMutation, useRecordCallMutation, useConfirmationStatisticsQuery } = confirmationsApi;
