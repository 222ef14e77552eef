// Which invoice list each route of each role shows (one screen, InvoicesScreen, reads this
// table), and what a role may do with an opened invoice.
import type { Role } from '../../navigation/types';
import type { MerchantInvoiceType, Invoice, InvoiceFamily } from './api';

/** A tab of the list: a status, or every invoice (`''`). */
export type InvoiceTab = '' | 'draft' | 'validated' | 'paid';

export type InvoiceColumn =
  /** Number (or "Brouillon"), status and date: what a phone shows first. */
  | 'invoice'
  | 'shop'
  | 'delivery_admin'
  | 'count'
  | 'cod'
  | 'deductions'
  | 'total'
  /** Delivery invoices: the total, the cash counted and the difference, stacked. */
  | 'cash'
  | 'created'
  | 'paid'
  /** Returned-type client invoices: what is still owed on it (`outstanding`). */
  | 'outstanding';

export interface InvoiceListConfig {
  family: InvoiceFamily;
  /** Merchant invoices: the type listed. */
  type?: MerchantInvoiceType;
  /** Status tabs, the first one shown first. */
  tabs: readonly InvoiceTab[];
  columns: readonly InvoiceColumn[];
  /** The merchant (client invoices) or delivery person (delivery invoices) filter of admins. */
  filter?: 'client' | 'delivery_admin';
  /** "Exporter les virements": the CSV of the transfers to make (admin, delivered invoices). */
  transfers?: boolean;
}

// The first two columns are what a 390 px phone shows without scrolling.
const MERCHANT_FOR_ADMIN: readonly InvoiceColumn[] = ['invoice', 'shop', 'total', 'count', 'cod', 'deductions', 'created', 'paid'];
const MERCHANT_OWN: readonly InvoiceColumn[] = ['invoice', 'total', 'shop', 'paid', 'count', 'cod', 'deductions'];
// Returned-type invoices are settled through the merchant's account: what is still owed on each.
const RETURNED_FOR_ADMIN: readonly InvoiceColumn[] = ['invoice', 'shop', 'total', 'outstanding', 'count', 'cod', 'deductions', 'created', 'paid'];
const RETURNED_OWN: readonly InvoiceColumn[] = ['invoice', 'total', 'outstanding', 'shop', 'paid', 'count', 'cod', 'deductions'];
const DELIVERY_FOR_ADMIN: readonly InvoiceColumn[] = ['invoice', 'delivery_admin', 'cash', 'count', 'created'];
const DELIVERY_OWN: readonly InvoiceColumn[] = ['invoice', 'cash', 'count'];

/** Route name → invoice list, per role. */
export const INVOICE_LISTS: Readonly<Record<Role, Readonly<Record<string, InvoiceListConfig>>>> = {
  client: {
    'completed-invoices': { family: 'client', type: 'delivered', tabs: ['', 'validated', 'paid'], columns: MERCHANT_OWN },
    'returned-invoices': { family: 'client', type: 'returned', tabs: ['', 'validated', 'paid'], columns: RETURNED_OWN },
  },
  admin: {
    'client-delivered-invoices': {
      family: 'client',
      type: 'delivered',
      tabs: ['draft', 'validated', 'paid', ''],
      columns: MERCHANT_FOR_ADMIN,
      filter: 'client',
      transfers: true,
    },
    'client-returned-invoices': { family: 'client', type: 'returned', tabs: ['draft', 'validated', 'paid', ''], columns: RETURNED_FOR_ADMIN, filter: 'client' },
    'delivery-invoices': { family: 'delivery', tabs: ['draft', 'validated', ''], columns: DELIVERY_FOR_ADMIN, filter: 'delivery_admin' },
  },
  'delivery-admin': {
    invoices: { family: 'delivery', tabs: ['', 'draft', 'validated'], columns: DELIVERY_OWN },
  },
};

export function invoiceListOf(role: Role | null, routeName: string): InvoiceListConfig | null {
  if (!role) return null;
  return INVOICE_LISTS[role][routeName] ?? null;
}

/** What the signed-in role may do with an opened invoice now. */
export interface InvoiceAbilities {
  /** Take a parcel off the draft. */
  removeLines: boolean;
  /** Delete the draft (its parcels are free again). */
  delete: boolean;
  /** Record the cash counted (delivery invoices). */
  count: boolean;
  /** Validate the draft: the number is given now, the invoice is final. */
  validate: boolean;
  /**
   * Record the payment (delivered-type client invoices, validated). A returned-type invoice is
   * settled through the merchant's account (its payouts' deductions, payments, write-offs).
   */
  pay: boolean;
}

const NONE: InvoiceAbilities = { removeLines: false, delete: false, count: false, validate: false, pay: false };

export function invoiceAbilities(role: Role, invoice: Invoice): InvoiceAbilities {
  const draft = invoice.status === 'draft';
  if (role === 'admin') {
    const delivery = 'delivery_admin' in invoice;
    return {
      removeLines: draft,
      delete: draft,
      count: delivery && draft,
      validate: draft && (!delivery || invoice.counted_amount !== null),
      pay: !delivery && invoice.type === 'delivered' && invoice.status === 'validated',
    };
  }
  if (role === 'delivery-admin' && 'delivery_admin' in invoice) {
    // His own draft, until an admin counted the cash.
    const open = draft && invoice.counted_amount === null;
    return { ...NONE, removeLines: open, delete: open };
  }
  return NONE;
}

/** Query parameter opening an invoice on its list (`?facture=KEY`). */
export const INVOICE_PARAM = 'facture';

/** The admin list route of each kind of invoice (links from the parcel drawer and the drafts made). */
export function invoiceRouteName(role: Role, family: InvoiceFamily, type?: MerchantInvoiceType): string | null {
  if (family === 'delivery') return role === 'admin' ? 'delivery-invoices' : role === 'delivery-admin' ? 'invoices' : null;
  if (role === 'admin') return type === 'returned' ? 'client-returned-invoices' : 'client-delivered-invoices';
  if (role === 'client') return type === 'returned' ? 'returned-invoices' : 'completed-invoices';
  return null;
}
