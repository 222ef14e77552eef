// The menu badge of `support`: tickets with an unread answer for the caller's side. Loaded with
// the side menu (main bundle), so it holds only this one small call.
import { api } from '../../core/api';
import { useAppSelector } from '../../core/hooks';
import { roleRoutes } from '../../navigation/access';
import { selectSessionInfo } from '../../core/session/authSlice';

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

/**
 * Tickets with an unread answer for the signed-in user, 0 when he has no `support` entry (then
 * nothing is asked). Polled every minute; the side menu and the top bar share one subscription.
 */
export function useUnreadTicketCount(): number {
  const session = useAppSelector(selectSessionInfo);
  const hasSupport = session.role !== null && roleRoutes(session.role, session.permissions).some((route) => route.name === 'support');
  const { data } = useUnreadTicketsQuery(undefined, { skip: !hasSupport, pollingInterval: UNREAD_POLL_MS });
  return hasSupport ? (data?.data.count ?? 0) : 0;
}
