import { api } from '../../core/api';
import type { Body, Schema } from '../../core/apiTypes';
import type { ListResponse } from '../../core/collections';
import { listParams, type ItemResponse } from '../../core/crud';
import type { ListArgs } from '../table/useListState';
import { TICKET_LISTS } from './unread';

export type TicketCategory = Schema<'TicketCategory'>;
export const TICKET_CATEGORIES = ['parcel', 'pickup', 'invoice', 'account', 'other'] as const satisfies readonly TicketCategory[];
export type TicketStatus = Schema<'TicketStatus'>;
export const TICKET_STATUSES = ['open', 'answered', 'closed'] as const satisfies readonly TicketStatus[];

/** GET /api/tickets item. */
export type TicketView = Schema<'TicketView'>;

export type TicketMessage = Schema<'MessageView'>;

export type TicketDetail = Schema<'TicketDetail'>;

export type NewTicketBody = Body<'/api/tickets', 'post'>;

const ticketTag = (key: string) => ({ type: 'tickets' as const, id: key });

export const supportApi = api.injectEndpoints({
  endpoints: (build) => ({
    listTickets: build.query<ListResponse<TicketView>, ListArgs | void>({
      query: (args) => ({ url: 'tickets', params: listParams(args) }),
      providesTags: [TICKET_LISTS],
    }),
    getTicket: build.query<ItemResponse<TicketDetail>, string>({
      query: (key) => `tickets/${encodeURIComponent(key)}`,
      providesTags: (_result, _error, key) => [ticketTag(key)],
      // Reading a ticket marks it read: the lists and the menu badge change.
      async onQueryStarted(_key, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
          dispatch(api.util.invalidateTags([TICKET_LISTS]));
        } catch {
          // The screen shows the failure.
        }
      },
    }),
    createTicket: build.mutation<ItemResponse<TicketDetail>, NewTicketBody>({
      query: (body) => ({ url: 'tickets', method: 'POST', body }),
      invalidatesTags: [TICKET_LISTS],
    }),
    setTicketStatus: build.mutation<ItemResponse<TicketDetail>, Body<'/api/tickets', 'put'>>({
      query: (body) => ({ url: 'tickets', method: 'PUT', body }),
      invalidatesTags: (_result, _error, { key }) => [TICKET_LISTS, ticketTag(key)],
    }),
    postTicketMessage: build.mutation<ItemResponse<TicketDetail>, { key: string; body: string }>({
      query: ({ key, body }) => ({ url: `tickets/${encodeURIComponent(key)}/messages`, method: 'POST', body: { body } }),
      invalidatesTags: (_result, _error, { key }) => [TICKET_LISTS, ticketTag(key)],
    }),
    deleteTicketMessage: build.mutation<null, { ticket: string; message: string }>({
      query: ({ ticket, message }) => ({
        url: `tickets/${encodeURIComponent(ticket)}/messages/${encodeURIComponent(message)}`,
        method: 'DELETE',
      }),
      invalidatesTags: (_result, _error, { ticket }) => [TICKET_LISTS, ticketTag(ticket)],
    }),
  }),
});

export const {
  useListTicketsQuery,
  useGetTicketQuery,
  useCreateTicketMutation,
  useSetTicketStatusMutation,
  usePostTicketMessageMutation,
  useDeleteTicketMessageMutation,
} = supportApi;

/** The query parameter of the open conversation on /compte/support. */
export const TICKET_PARAM = 'ticket';
