import { api } from '../../core/api';
import type { ListResponse } from '../../core/collections';

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

export interface WebhookDelivery {
  key: string;
  event_id: string;
  event: WebhookEvent | 'ping';
  status: DeliveryStatus;
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  last_response: string | null;
  last_latency_ms: number | null;
  last_attempt_at: string | null;
  next_attempt_at: string | null;
  created_at: string;
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
    webhookDeliveries: build.query<ListResponse<WebhookDelivery>, string>({
      query: (key) => ({ url: `webhooks/${encodeURIComponent(key)}/deliveries`, params: { per_page: 50 } }),
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
