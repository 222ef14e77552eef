// The navigation guard (specification, section 4), as a pure function.
import type { SessionInfo } from './access';
import type { RouteMeta } from './types';

/** Where an activated user goes when no permission names a landing page. */
const FALLBACK_LANDING = 'profile';

/** First permission name of the user (the default landing route). */
export function firstPermission(session: SessionInfo): string {
  return session.permissions[0] ?? (session.role === 'delivery-admin' ? 'all-parcels' : FALLBACK_LANDING);
}

/** Landing route of an activated user arriving on a guest-only page. */
export function guestOnlyLanding(session: SessionInfo): string {
  if (session.role === 'client' || session.role === 'admin') {
    return session.permissions[0] ?? FALLBACK_LANDING;
  }
  return 'all-parcels';
}

/**
 * Decides whether the session may open a route with `meta`.
 * Returns the name of the route to redirect to, or null to let the navigation through.
 *
 * - auth + activation: unauthenticated → login; authenticated, not activated → activation.
 * - auth only (the activation page): unauthenticated → login; activated → first permission.
 * - guest only (login, register): activated → first permission (clients and admins) or
 *   all-parcels (other roles); authenticated, not activated → activation.
 */
export function guard(meta: RouteMeta, session: SessionInfo): string | null {
  if (meta.requiresAuth && meta.requiresActivation) {
    if (!session.authenticated) return 'login';
    if (!session.active) return 'activation';
    return null;
  }
  if (meta.requiresAuth) {
    if (!session.authenticated) return 'login';
    if (session.active) return firstPermission(session);
    return null;
  }
  if (meta.guestOnly) {
    if (session.authenticated && session.active) return guestOnlyLanding(session);
    if (session.authenticated) return 'activation';
    return null;
  }
  return null;
}
