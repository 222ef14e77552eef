import { api } from '../../core/api';
import type { Query, Schema } from '../../core/apiTypes';
import type { ListResponse } from '../../core/collections';
import { listParams } from '../../core/crud';
import type { ListArgs } from '../../components/table/useListState';

/** One attempt to hand a message over (to the SMTP server): when, why it failed (null: taken), how long. */
export type MessageAttempt = Schema<'OutboundMessageAttempt'>;

/**
 * A message sent to someone (an e-mail), as the admins' log shows it: its kind (a kind this
 * version does not know shows as it is), the language it was written in, every attempt.
 */
export type SentMessage = Schema<'OutboundMessageView'>;

/** GET /api/messages: `?q=` (the recipient), `channel`, `kind`, `status`, paged. */
export type MessageListArgs = ListArgs & Query<'/api/messages', 'get'>;

export const messagesApi = api.injectEndpoints({
  endpoints: (build) => ({
    listMessages: build.query<ListResponse<SentMessage>, MessageListArgs>({
      query: (args) => ({ url: 'messages', params: listParams(args) }),
      providesTags: ['outboundMessages'],
    }),
    /** A copy of the message, queued again (the message itself stays as it was, in the log). */
    resendMessage: build.mutation<{ data: SentMessage }, string>({
      query: (key) => ({ url: `messages/${encodeURIComponent(key)}/resend`, method: 'POST', body: {} }),
      invalidatesTags: ['outboundMessages'],
    }),
  }),
});

export const { useListMessagesQuery, useResendMessageMutation } = messagesApi;
