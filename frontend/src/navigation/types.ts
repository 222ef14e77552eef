export type Role = 'admin' | 'client' | 'delivery-admin';
export const ROLES: readonly Role[] = ['admin', 'client', 'delivery-admin'];

export function isRole(value: unknown): value is Role {
  return value === 'admin' || value === 'client' || value === 'delivery-admin';
}

export type Layout = 'content' | 'blank';

/** What a route requires; read by the navigation guard. */
export interface RouteMeta {
  layout: Layout;
  requiresAuth?: boolean;
  requiresActivation?: boolean;
  guestOnly?: boolean;
}

/** The screen a route renders. `not-available` is the shared screen of later issues. */
export type ScreenKey =
  | 'dashboard'
  | 'profile'
  | 'login'
  | 'register'
  | 'activation'
  | 'forgotten-password'
  | 'reset-password'
  | 'unsubscribe'
  | 'not-found'
  | 'not-available'
  | 'cities'
  | 'clients'
  | 'deliverymen'
  | 'staff'
  | 'shops'
  | 'client-costs'
  | 'pricing'
  | 'parcels'
  | 'add-new-parcels'
  | 'vouchers'
  | 'ship'
  | 'delivery-round'
  | 'to-be-returned'
  | 'invoices'
  | 'new-invoice'
  | 'declare-cash'
  | 'inventory'
  | 'support'
  | 'announcements'
  | 'guides'
  | 'activities'
  | 'delivery-person-balances'
  | 'merchant-accounts'
  | 'bank-account-changes'
  | 'unapplied-outcomes'
  | 'company-settings'
  | 'confirmations'
  | 'parcel-decisions'
  | 'messages';

export interface RouteDef {
  /** Route name, as in the specification (also a permission name for admins and clients). */
  name: string;
  path: string;
  alias?: string;
  screen: ScreenKey;
  meta: RouteMeta;
  /**
   * The permission that opens the route when it is not the route's name (admins and clients); a
   * list: any of them opens it.
   */
  permission?: string | readonly string[];
}

/** What the router gives every screen (navigation/screens.ts renders them; screens import this type from here). */
export interface ScreenProps {
  route: RouteDef;
}

export interface MenuSection {
  /** i18n key suffix: `section.<id>`. */
  id: string;
  /** Route names in menu order. */
  items: readonly string[];
}
