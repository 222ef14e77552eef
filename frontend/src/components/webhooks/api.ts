import { api } from '../../core/api';
import type { Body, Listed, Schema } from '../../core/apiTypes';
import type { ListResponse } from '../../core/collections';
import { listParams } from '../../core/crud';
import type { ListArgs } from '../table/useListState';

export type WebhookEvent = Schema<'WebhookEventType'>;
/** The events an endpoint can subscribe to, in the server's order (domain.md). */
export const WEBHOOK_EVENTS = [
  'parcel.created',
  'parcel.status_changed',
  'parcel.outcome_recorded',
  'parcel.decision_needed',
  'invoice.validated',
  'invoice.paid',
  'ticket.answered',
] as const satisfies readonly WebhookEvent[];

/** An event the server adds and WEBHOOK_EVENTS lacks fails the type check here. */
export type EveryEventListed = Listed<Exclude<WebhookEvent, (typeof WEBHOOK_EVENTS)[number]>>;

export type Webhook = Schema<'WebhookView'>;

/** The endpoint with the secret that signs every delivery, shown this once. */
export type CreatedWebhook = Schema<'CreatedWebhook'>;

export type NewWebhook = Body<'/api/webhooks', 'post'>;

export type WebhookInput = Body<'/api/webhooks/{key}', 'put'>;

export type DeliveryStatus = Schema<'DeliveryStatus'>;

/** One attempt of a delivery, as the server logged it. */
export type WebhookAttempt = Schema<'AttemptView'>;

/** The document types `event` as a string: it is one of the events, or `ping` for a test. */
export type WebhookDelivery = Omit<Schema<'DeliveryView'>, 'event'> & { event: WebhookEvent | 'ping' };

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
    createWebhook: build.mutation<{ data: CreatedWebhook }, NewWebhook>({
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
