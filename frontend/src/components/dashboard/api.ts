import { api } from '../../core/api';
import type { Schema } from '../../core/apiTypes';

/** GET /api/statistics: the dashboard's figures in the caller's scope. Money in centimes. */
export type Statistics = Schema<'DashboardFigures'>;

/** `money` of GET /api/statistics (centimes; null where it does not apply to the caller). */
export type MoneyFigures = Schema<'MoneyFigures'>;

export const statisticsApi = api.injectEndpoints({
  endpoints: (build) => ({
    statistics: build.query<{ data: Statistics }, void>({
      query: () => 'statistics',
      providesTags: ['statistics'],
    }),
  }),
});

export const { useStatisticsQuery } = statisticsApi;
