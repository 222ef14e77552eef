import { api } from '../../core/api';
import type { Schema } from '../../core/apiTypes';

/** GET /api/tracking/{code}: what anyone holding a tracking code may know. */
export type Tracking = Schema<'TrackingView'>;

export const trackingApi = api.injectEndpoints({
  endpoints: (build) => ({
    tracking: build.query<{ data: Tracking }, string>({
      query: (code) => `tracking/${encodeURIComponent(code)}`,
      // A public page: a new look-up each time it is opened.
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useTrackingQuery } = trackingApi;

/** What a person typed, as a tracking code: no spaces, upper case. */
export function normalizeCode(text: string): string {
  return text.replace(/[\s-]+/g, '').toUpperCase();
}
