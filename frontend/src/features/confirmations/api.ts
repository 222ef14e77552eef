// The confirmation agents' endpoints (issue 40): the next order to call, the call's outcome, and
// the figures of a period.
import { api } from '../../core/api';
import type { Body, Schema } from '../../core/apiTypes';
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

// The figures live with the dashboard's card that reads them too.
export { useConfirmationStatisticsQuery, type CallFigures, type ConfirmationStatistics, type StatisticsPeriod } from '../../components/confirmation/api';

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
  }),
});

export const { useNextConfirmationMutation, useRecordCallMutation } = confirmationsApi;
