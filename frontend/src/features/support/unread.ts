// The menu badge of `support`: tickets with an unread answer for the caller's side. Loaded with
// the side menu (main bundle), so it holds only this one small call.
import { api } from '../../app/api';

/** Polling period of the badge. */
export const UNREAD_POLL_MS = 60_000;

/** The tag id of the ticket lists and of the unread count (refetched after every ticket write or read). */
export const TICKET_LISTS = { type: 'tickets' as const, id: 'LIST' };

export const unreadApi = api.injectEndpoints({
  endpoints: (build) => ({
    unreadTickets: build.query<{ data: { count: number } }, void>({
      query: () => 'tickets/unread',
      providesTags: [TICKET_LISTS],
    }),
  }),
});

export const { useUnreadTicketsQuery } = unreadApi;
