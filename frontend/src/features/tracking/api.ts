import { api } from '../../core/api';
import type { ParcelStatus } from '../../components/parcel/api';

/** GET /api/tracking/{code}: what anyone holding a tracking code may know. */
export interface Tracking {
  key: string;
  status: ParcelStatus;
  status_label: string;
  city_name: string;
  created_at: string;
  /** Oldest first. */
  events: Array<{ status: ParcelStatus; status_label: string; date: string | null; created_at: string }>;
  /** Delivered with a signature: who signed, as initials (« F. Z. »). */
  signed_by?: string | null;
}

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
