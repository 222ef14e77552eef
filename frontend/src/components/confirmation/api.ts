// The confirmation queue's figures (issue 40): the agents' statistics screen and the admin's
// dashboard card « À confirmer » read the same answer.
import { api } from '../../core/api';
import type { Query, Schema } from '../../core/apiTypes';
import type { ItemResponse } from '../../core/crud';

/** GET confirmations/statistics: the queue now, and the calls of the period per agent and per merchant. */
export type ConfirmationStatistics = Schema<'ConfirmationStatistics'>;

/** One agent's or one merchant's calls of the period. */
export type CallFigures = Schema<'CallFigures'>;

/** `?from=&to=` (`YYYY-MM-DD`; the last 30 days when left out). */
export type StatisticsPeriod = Query<'/api/confirmations/statistics', 'get'>;

export const confirmationStatisticsApi = api.injectEndpoints({
  endpoints: (build) => ({
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

export const { useConfirmationStatisticsQuery } = confirmationStatisticsApi;
