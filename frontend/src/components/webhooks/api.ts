import { api } from '../../core/api';
import type { ListResponse } from '../../core/collections';
import { listParams } from '../../core/crud';
import type { ListArgs } from '../table/useListState';

/** The events an endpoint can subscribe to, in the server's order (domain.md). */
export const WEBHOOK_EVENTS = [
  'parcel.created',
  'parcel.status_changed',
  'parcel.outcome_recorded',
  'invoice.validated',
  'invoice.paid',
  'ticket.answered',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export interface Webhook {
  key: string;
  url: string;
  events: WebhookEvent[];
  active: boolean;
  /** Set when deliveries failed for 24 h: nothing is sent until it is turned on again. */
  paused_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface CreatedWebhook extends Webhook {
  /** Signs every delivery; shown this once. */
  secret: string;
}

export interface WebhookInput {
  url?: string;
  events?: WebhookEvent[];
  active?: boolean;
}

export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

/** One attempt of a delivery, as the server logged it. */
export interface WebhookAttempt {
  attempted_at: string;
  /** The receiver's HTTP status, when it answered. */
  status_code: number | null;
  /** Why nothing came back (timeout, refused address…). */
  error: string | null;
  /** The first 500 bytes of the receiver's answer. */
  response: string | null;
  /** From the request's start to the answer's end (or the failure). */
  latency_ms: number;
}

export interface WebhookDelivery {
  key: string;
  event_id: string;
  event: WebhookEvent | 'ping';
  /**
   * What the event is about: the parcel's tracking code (`parcel.*`), the invoice's or the
   * ticket's key; null for a ping.
   */
  subject_key: string | null;
  status: DeliveryStatus;
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  last_response: string | null;
  last_latency_ms: number | null;
  last_attempt_at: string | null;
  next_attempt_at: string | null;
  created_at: string;
  /** Every attempt, oldest first (kept 30 days). */
  history: WebhookAttempt[];
}

/** Query of GET /api/webhooks/{key}/deliveries: the endpoint and the page. */
export interface DeliveryListArgs extends ListArgs {
  webhook: string;
}

export const webhooksApi = api.injectEndpoints({
  endpoints: (build) => ({
    webhooks: build.query<ListResponse<Webhook>, void>({
      query: () => ({ url: 'webhooks', params: { per_page: 100 } }),
      providesTags: ['Webhooks'],
    }),
    createWebhook: build.mutation<{ data: CreatedWebhook }, WebhookInput>({
      query: (body) => ({ url: 'webhooks', method: 'POST', body }),
      invalidatesTags: ['Webhooks'],
    }),
    updateWebhook: build.mutation<{ data: Webhook }, { key: string; body: WebhookInput }>({
      query: ({ key, body }) => ({ url: `webhooks/${encodeURIComponent(key)}`, method: 'PUT', body }),
      invalidatesTags: ['Webhooks', 'WebhookDeliveries'],
    }),
    deleteWebhook: build.mutation<null, string>({
      query: (key) => ({ url: `webhooks/${encodeURIComponent(key)}`, method: 'DELETE' }),
      invalidatesTags: ['Webhooks'],
    }),
    testWebhook: build.mutation<{ data: WebhookDelivery }, string>({
      query: (key) => ({ url: `webhooks/${encodeURIComponent(key)}/test`, method: 'POST', body: {} }),
      invalidatesTags: ['WebhookDeliveries'],
    }),
    webhookDeliveries: build.query<ListResponse<WebhookDelivery>, DeliveryListArgs>({
      query: ({ webhook, ...args }) => ({ url: `webhooks/${encodeURIComponent(webhook)}/deliveries`, params: listParams(args) }),
      providesTags: ['WebhookDeliveries'],
    }),
    retryDelivery: build.mutation<{ data: WebhookDelivery }, string>({
      query: (key) => ({ url: `webhooks/deliveries/${encodeURIComponent(key)}/retry`, method: 'POST', body: {} }),
      invalidatesTags: ['WebhookDeliveries'],
    }),
  }),
});

export const {
  useWebhooksQuery,
  useCreateWebhookMutation,
  useUpdateWebhookMutation,
  useDeleteWebhookMutation,
  useTestWebhookMutation,
  useWebhookDeliveriesQuery,
  useRetryDeliveryMutation,
} = webhooksApi;
