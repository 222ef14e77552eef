import { api, withRetryAfter } from '../../core/api';
import type { Body, Schema } from '../../core/apiTypes';

/** GET /api/tracking/{code}: what anyone holding a tracking code may know. */
export type Tracking = Schema<'TrackingView'>;

/** POST /api/tracking/{code}/decision: the recipient's choice after a failed attempt. */
export type RecipientDecisionBody = Body<'/api/tracking/{code}/decision', 'post'>;

export type { RetryAfter } from '../../core/api';

export const trackingApi = api.injectEndpoints({
  endpoints: (build) => ({
    tracking: build.query<{ data: Tracking }, string>({
      query: (code) => `tracking/${encodeURIComponent(code)}`,
      // A public page: a new look-up each time it is opened.
      keepUnusedDataFor: 0,
    }),
    /**
     * The recipient decides (no sign-in: the last four digits of his phone prove him). The page
     * then shows the tracking the server answers (« Programmé » on his day, or cancelled).
     */
    recipientDecision: build.mutation<{ data: Tracking }, { code: string; body: RecipientDecisionBody }>({
      query: ({ code, body }) => ({ url: `tracking/${encodeURIComponent(code)}/decision`, method: 'POST', body }),
      // A 429 says how long to wait (the page says it).
      transformErrorResponse: withRetryAfter,
      async onQueryStarted({ code }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(
            trackingApi.util.updateQueryData('tracking', code, (draft) => {
              draft.data = data.data;
            }),
          );
        } catch {
          // The page says what went wrong (the call's own error).
        }
      },
    }),
  }),
});

export const { useTrackingQuery, useRecipientDecisionMutation } = trackingApi;

/** What a person typed, as a tracking code: no spaces, upper case. */
export function normalizeCode(text: string): string {
  return text.replace(/[\s-]+/g, '').toUpperCase();
}
