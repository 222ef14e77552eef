import { api } from '../../core/api';
import type { ListResponse } from '../../core/collections';
import { listParams } from '../../core/crud';
import type { MessageChannel, MessageStatus } from '../../components/message/kinds';
import type { ListArgs } from '../../components/table/useListState';

// TODO(api-types): Schema<'OutboundMessageView'>, Schema<'OutboundMessageAttempt'> and the list's
// Query<'/api/messages', 'get'> once the server's OpenAPI document has them; the list answers as
// the others, `{data, meta: PageMeta}` (ListResponse).

/** One attempt to hand a message over (to the SMTP server): when, why it failed (null: taken), how long. */
export interface MessageAttempt {
  attempted_at: string;
  error: string | null;
  latency_ms: number;
}

/** A message sent to someone (an e-mail), as the admins' log shows it. */
export interface SentMessage {
  key: string;
  channel: MessageChannel;
  /** What it says (components/message/kinds.ts; a kind this version does not know shows as it is). */
  kind: string;
  /** An e-mail address or a phone number. */
  recipient: string;
  /** The language it was written in (`fr`, `en`, `ar`). */
  language: string;
  subject: string | null;
  status: MessageStatus;
  attempts: number;
  last_error: string | null;
  next_attempt_at: string | null;
  sent_at: string | null;
  created_at: string;
  /** Every attempt, oldest first. */
  history: MessageAttempt[];
}

/** GET /api/messages: `?q=` (the recipient), `channel`, `kind`, `status`, paged. */
export interface MessageListArgs extends ListArgs {
  channel?: MessageChannel;
  kind?: string;
  status?: MessageStatus;
}

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
