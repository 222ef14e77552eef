// Which routes, menu entries and landing page a session gets (specification, sections 2, 4, 6).
import { ROLE_MENUS } from './menus';
import { COMMON_ROUTES, NOT_FOUND_PATH, ROLE_ROUTES } from './routes';
import type { MenuSection, Role, RouteDef } from './types';

/** What the navigation needs to know about the signed-in user. */
export interface SessionInfo {
  authenticated: boolean;
  active: boolean;
  role: Role | null;
  /** Route names the user holds, dashboard first (used for admins and clients). */
  permissions: readonly string[];
}

export const GUEST: SessionInfo = { authenticated: false, active: false, role: null, permissions: [] };

/** Admins and clients get only the routes named in their permissions; delivery people get their whole set. */
export function filtersByPermissions(role: Role): boolean {
  return role === 'admin' || role === 'client';
}

/** Whether the permissions `held` open `route`: its `permission` (any of a list) when it has one, else its name. */
function opens(route: RouteDef, held: ReadonlySet<string>): boolean {
  const opening = route.permission ?? route.name;
  return typeof opening === 'string' ? held.has(opening) : opening.some((name) => held.has(name));
}

/** The role's route table, filtered by permissions for admins and clients. */
export function roleRoutes(role: Role, permissions: readonly string[]): RouteDef[] {
  const all = ROLE_ROUTES[role];
  if (!filtersByPermissions(role)) return [...all];
  const held = new Set(permissions);
  return all.filter((route) => opens(route, held));
}

/**
 * Whether a menu entry of the role is a permission of its own (one an account can be granted):
 * not when its route opens with other permissions (`RouteDef.permission`, « À décider »).
 */
export function isOwnPermission(role: Role, name: string): boolean {
  return ROLE_ROUTES[role].find((route) => route.name === name)?.permission === undefined;
}

/**
 * Route table of a session: the common routes, plus the role's routes once signed in.
 * Visitors who are not activated also get every role path, all protected, so that the guard
 * (not the 404 page) answers a bookmarked page: it sends them to sign-in or activation.
 */
export function routesFor(session: SessionInfo): RouteDef[] {
  const routes: RouteDef[] = [...COMMON_ROUTES];
  const seen = new Set(routes.map((route) => route.path));
  const add = (route: RouteDef) => {
    if (seen.has(route.path)) return;
    seen.add(route.path);
    routes.push(route);
  };
  if (session.authenticated && session.role) {
    roleRoutes(session.role, session.permissions).forEach(add);
  }
  if (!session.authenticated || !session.active) {
    for (const table of Object.values(ROLE_ROUTES)) table.forEach(add);
  }
  return routes;
}

/** The path of a route name for this session, or the 404 page when the session lacks it. */
export function pathOf(name: string, session: SessionInfo): string {
  const common = COMMON_ROUTES.find((route) => route.name === name);
  if (common) return common.path;
  if (session.role) {
    const route = roleRoutes(session.role, session.permissions).find((r) => r.name === name);
    if (route) return route.path;
  }
  return NOT_FOUND_PATH;
}

export interface VisibleSection {
  id: string;
  items: RouteDef[];
  /** The section has several entries in the full menu (shown as a collapsible group). */
  grouped: boolean;
}

/**
 * The side menu of a role: for admins and clients, an entry shows only when the user's
 * permissions open its route (its name, or its `permission`) and a section only with an entry;
 * delivery people see a fixed menu.
 */
export function visibleMenu(role: Role, permissions: readonly string[]): VisibleSection[] {
  const byName = new Map(ROLE_ROUTES[role].map((route) => [route.name, route]));
  const held = filtersByPermissions(role) ? new Set(permissions) : null;
  const sections: VisibleSection[] = [];
  for (const section of ROLE_MENUS[role] as readonly MenuSection[]) {
    const items = section.items
      .map((name) => byName.get(name))
      .filter((route): route is RouteDef => route !== undefined && (held === null || opens(route, held)));
    if (items.length > 0) sections.push({ id: section.id, items, grouped: section.items.length > 1 });
  }
  return sections;
}

/** The dashboard-like route of a role ("home" for delivery people). */
export function dashboardRouteName(role: Role): string {
  return role === 'delivery-admin' ? 'home' : 'dashboard';
}
