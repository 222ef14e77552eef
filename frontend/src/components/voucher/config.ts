// Which voucher list each route of each role shows (one screen, VouchersScreen, reads this
// table), and what a role may do with an opened voucher.
import type { Role } from '../../navigation/types';
import type { Voucher, VoucherKind } from './api';

/** A tab of the list: a status, or every voucher (`''`). */
export type VoucherTab = '' | 'new' | 'received';

export type VoucherColumn = 'key' | 'shop' | 'merchant' | 'delivery_admin' | 'count' | 'total' | 'status' | 'created' | 'received';

export interface VoucherListConfig {
  kind: VoucherKind;
  /** Status tabs, the first one shown first; none: every voucher (or `status`). */
  tabs: readonly VoucherTab[];
  /** A fixed status filter (the admin's "new pickup vouchers"). */
  status?: 'new';
  columns: readonly VoucherColumn[];
  /** The merchant (pickup) or delivery person (exit, return) filter of admins. */
  filter?: 'client' | 'delivery_admin';
  /** The merchant makes pickup vouchers from his new parcels. */
  create?: boolean;
}

const PICKUP_MERCHANT: readonly VoucherColumn[] = ['key', 'shop', 'count', 'total', 'status', 'created', 'received'];
const PICKUP_ADMIN: readonly VoucherColumn[] = ['key', 'merchant', 'count', 'total', 'status', 'created', 'received'];
const EXIT_ADMIN: readonly VoucherColumn[] = ['key', 'delivery_admin', 'count', 'total', 'created'];
const EXIT_DELIVERY: readonly VoucherColumn[] = ['key', 'count', 'total', 'created'];
// A return voucher moves no cash: no amount column.
const RETURN_ADMIN: readonly VoucherColumn[] = ['key', 'delivery_admin', 'count', 'status', 'created', 'received'];
const RETURN_DELIVERY: readonly VoucherColumn[] = ['key', 'count', 'status', 'created', 'received'];

/** Route name → voucher list, per role. */
export const VOUCHER_LISTS: Readonly<Record<Role, Readonly<Record<string, VoucherListConfig>>>> = {
  client: {
    'pickup-vouchers': { kind: 'pickup', tabs: ['new', 'received'], columns: PICKUP_MERCHANT, create: true },
  },
  admin: {
    'new-pickup-vouchers': { kind: 'pickup', tabs: [], status: 'new', columns: PICKUP_ADMIN, filter: 'client' },
    'all-pickup-vouchers': { kind: 'pickup', tabs: ['', 'new', 'received'], columns: PICKUP_ADMIN, filter: 'client' },
    'delivery-exit-vouchers': { kind: 'exit', tabs: [], columns: EXIT_ADMIN, filter: 'delivery_admin' },
    'delivery-return-vouchers': { kind: 'return', tabs: ['new', 'received', ''], columns: RETURN_ADMIN, filter: 'delivery_admin' },
  },
  'delivery-admin': {
    'exit-vouchers': { kind: 'exit', tabs: [], columns: EXIT_DELIVERY },
    'return-vouchers': { kind: 'return', tabs: ['', 'new', 'received'], columns: RETURN_DELIVERY },
  },
};

export function voucherListOf(role: Role | null, routeName: string): VoucherListConfig | null {
  if (!role) return null;
  return VOUCHER_LISTS[role][routeName] ?? null;
}

/** What the signed-in role may do with an opened voucher now. */
export interface VoucherAbilities {
  /** Merchant, pickup voucher still new: add parcels, remove one, delete the voucher. */
  edit: boolean;
  /** Admin, pickup or return voucher still new: tick (scan) its parcels and receive it. */
  receive: boolean;
}

export function voucherAbilities(role: Role, voucher: Pick<Voucher, 'kind' | 'status'>): VoucherAbilities {
  const open = voucher.status === 'new';
  return {
    edit: role === 'client' && voucher.kind === 'pickup' && open,
    receive: role === 'admin' && voucher.kind !== 'exit' && open,
  };
}

/** Query parameter opening a voucher on its list (`?bon=BR7K3QX9M2`). */
export const VOUCHER_PARAM = 'bon';
