import { api, withRetryAfter } from '../../core/api';
import type { Schema } from '../../core/apiTypes';

/** POST /api/recipient-messages/{key}/stop: what was done, in words. */
export type StopAnswer = Schema<'DoneMessage'>;

export type { RetryAfter } from '../../core/api';

export const unsubscribeApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * A recipient's STOP (no sign-in: the key of his message's link is the proof): the phone it
     * went to gets no message again. 404 for an unknown key; 429 (with the tracking page's
     * look-ups) says how long to wait.
     */
    stopRecipientMessages: build.mutation<StopAnswer, string>({
      query: (key) => ({ url: `recipient-messages/${encodeURIComponent(key)}/stop`, method: 'POST' }),
      transformErrorResponse: withRetryAfter,
    }),
  }),
});

export const { useStopRecipientMessagesMutation } = unsubscribeApi;
