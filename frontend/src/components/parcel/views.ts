// Which parcel list each route of each role shows: the API view, the filters, the columns and
// the bulk actions. One screen (ParcelsScreen) reads this table for every parcel route.
import type { Role } from '../../navigation/types';
import { PARCEL_STATUSES, type ParcelListView, type ParcelStatus } from './api';

export type ParcelFilter = 'status' | 'city' | 'shop' | 'client' | 'delivery_admin' | 'dates';
export type ParcelColumn = 'code' | 'recipient' | 'city' | 'amount' | 'status' | 'shop' | 'merchant' | 'delivery_admin' | 'date';
/** `pickup`: the merchant makes a pickup voucher of the selected new parcels. */
export type BulkAction = 'labels' | 'cancel' | 'pickup';

export interface ParcelViewConfig {
  view: ParcelListView;
  filters: readonly ParcelFilter[];
  columns: readonly ParcelColumn[];
  bulk: readonly BulkAction[];
}

/** The statuses each view holds (the server's views), offered by the status filter. */
export const VIEW_STATUSES: Record<ParcelListView, readonly ParcelStatus[]> = {
  all: PARCEL_STATUSES,
  new: ['new'],
  'not-picked-up': ['new', 'awaiting_pickup'],
  pickup: ['picked_up'],
  sent: ['out_for_delivery', 'no_answer', 'unreachable', 'wrong_number', 'postponed', 'scheduled'],
  shipped: ['out_for_delivery', 'no_answer', 'unreachable', 'wrong_number', 'postponed', 'scheduled'],
  delivered: ['delivered'],
  canceled: ['cancelled'],
  returned: ['returning', 'returned'],
  'to-be-returned': ['refused', 'cancelled'],
  refunds: PARCEL_STATUSES,
  exchanges: PARCEL_STATUSES,
  'change-address': PARCEL_STATUSES,
  'to-confirm': ['to_confirm'],
  // Failed attempts waiting for a decision (issue 40: the « À décider » screen lists them).
  decisions: ['no_answer', 'unreachable', 'wrong_number', 'postponed', 'refused'],
};

const MERCHANT_COLUMNS: readonly ParcelColumn[] = ['code', 'recipient', 'city', 'amount', 'status', 'shop', 'date'];
const ADMIN_COLUMNS: readonly ParcelColumn[] = ['code', 'recipient', 'city', 'amount', 'status', 'merchant', 'delivery_admin', 'date'];
const DELIVERY_COLUMNS: readonly ParcelColumn[] = ['code', 'recipient', 'city', 'amount', 'status', 'shop', 'date'];

const MERCHANT_FILTERS: readonly ParcelFilter[] = ['status', 'city', 'shop', 'dates'];
const ADMIN_FILTERS: readonly ParcelFilter[] = ['status', 'city', 'client', 'delivery_admin', 'dates'];
const DELIVERY_FILTERS: readonly ParcelFilter[] = ['status', 'city', 'dates'];

function merchant(view: ParcelListView, bulk: readonly BulkAction[] = ['labels']): ParcelViewConfig {
  return { view, filters: MERCHANT_FILTERS, columns: MERCHANT_COLUMNS, bulk };
}
function admin(view: ParcelListView): ParcelViewConfig {
  return { view, filters: ADMIN_FILTERS, columns: ADMIN_COLUMNS, bulk: ['labels'] };
}
function delivery(view: ParcelListView): ParcelViewConfig {
  return { view, filters: DELIVERY_FILTERS, columns: DELIVERY_COLUMNS, bulk: ['labels'] };
}

/** Route name → list, per role. */
export const PARCEL_VIEWS: Readonly<Record<Role, Readonly<Record<string, ParcelViewConfig>>>> = {
  client: {
    'new-parcels': merchant('new', ['pickup', 'labels', 'cancel']),
    // Orders our agents call to confirm before pickup: no pickup voucher yet.
    'to-confirm-parcels': merchant('to-confirm', ['labels', 'cancel']),
    'all-parcels': merchant('all', ['labels', 'cancel']),
    'sent-parcels': merchant('sent'),
    'delivered-parcels': merchant('delivered'),
    'return-parcels': merchant('returned'),
    refunds: merchant('refunds', ['labels', 'cancel']),
    exchanges: merchant('exchanges', ['labels', 'cancel']),
  },
  admin: {
    'all-parcels': admin('all'),
    'pickup-parcels': admin('pickup'),
    'sent-parcels': admin('sent'),
    'delivered-parcels': admin('delivered'),
    'canceled-parcels': admin('canceled'),
    'return-parcels': admin('returned'),
    refunds: admin('refunds'),
    exchanges: admin('exchanges'),
  },
  // His sent-parcels is the delivery round (features/vouchers/RoundScreen), not a table.
  'delivery-admin': {
    'all-parcels': delivery('all'),
    'delivered-parcels': delivery('delivered'),
    refunds: delivery('refunds'),
    exchanges: delivery('exchanges'),
  },
};

/** The list a route of a role shows, or null when the route is no parcel list. */
export function parcelViewOf(role: Role | null, routeName: string): ParcelViewConfig | null {
  if (!role) return null;
  return PARCEL_VIEWS[role][routeName] ?? null;
}

/** Every route name that is a parcel list for some role. */
export const PARCEL_LIST_ROUTES: readonly string[] = [
  ...new Set(Object.values(PARCEL_VIEWS).flatMap((views) => Object.keys(views))),
];

/**
 * The parcel list a session opens a parcel in (top-bar search): all-parcels when held, else
 * the first parcel list it holds; null without any.
 */
export function parcelListRoute(role: Role | null, permissions: readonly string[]): string | null {
  if (!role) return null;
  const names = Object.keys(PARCEL_VIEWS[role]);
  const held = role === 'delivery-admin' ? names : names.filter((name) => permissions.includes(name));
  return held.includes('all-parcels') ? 'all-parcels' : held[0] ?? null;
}

/** The statuses the status filter offers on a view (none when the view holds one status). */
export function statusFilterOptions(view: ParcelListView): readonly ParcelStatus[] {
  const statuses = VIEW_STATUSES[view];
  return statuses.length > 1 ? statuses : [];
}

/** Query parameter opening a parcel's drawer on a list (`?colis=CODE`). */
export const PARCEL_PARAM = 'colis';
