import { api } from '../../app/api';
import type { ParcelStatus } from '../parcels/api';

/** GET /api/statistics: the dashboard's figures in the caller's scope. Money in centimes. */
export interface Statistics {
  total: number;
  by_status: Array<{ status: ParcelStatus; status_label: string; count: number }>;
  cod_collected: number;
  to_be_paid: number;
  /** Percent of the parcels whose round ended; null before any ended. */
  delivery_rate: number | null;
  /** The last 30 days, oldest first. */
  daily: Array<{ date: string; created: number; delivered: number }>;
}

export const statisticsApi = api.injectEndpoints({
  endpoints: (build) => ({
    statistics: build.query<{ data: Statistics }, void>({
      query: () => 'statistics',
      providesTags: ['statistics'],
    }),
  }),
});

export const { useStatisticsQuery } = statisticsApi;
