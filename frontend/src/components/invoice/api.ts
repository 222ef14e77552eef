// The invoice endpoints (docs/invoices-api.md): client invoices (the company pays a shop what it
// collected, minus its fees) and delivery invoices (a delivery person hands over the cash he
// collected, minus his commissions). Money is integer centimes. Every write moves parcels on or
// off invoices: it invalidates the invoice lists, the unpaid lists, the parcels and the
// dashboards.
import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import { api } from '../../core/api';
import type { ListResponse } from '../../core/collections';
import type { ItemResponse } from '../../core/crud';
import { listParams } from '../../core/crud';
import { cashOf } from '../cash';
import { openPdf } from '../pdf';
import type { ListArgs } from '../table/useListState';
import type { Language } from '../../i18n/languages';
import type { ParcelKind, ParcelStatus } from '../parcel/api';
import type { CashFigures } from '../cash';

/** The two invoice families: a shop's (client) or a delivery person's (delivery). */
export type InvoiceFamily = 'client' | 'delivery';

/** A client invoice's type: delivered parcels (paid to the shop) or returned ones (owed by it). */
export type MerchantInvoiceType = 'delivered' | 'returned';

export type InvoiceStatus = 'draft' | 'validated' | 'paid';

/** How a client invoice was paid: a bank transfer, a cheque, or cash at the counter. */
export type PaymentMethod = 'transfer' | 'cheque' | 'cash';

export const PAYMENT_METHODS: readonly PaymentMethod[] = ['transfer', 'cheque', 'cash'];

interface InvoiceBase {
  key: string;
  /** Given at validation ("FC-2026-000001", "FL-2026-000001"); null while draft. */
  number: string | null;
  status: InvoiceStatus;
  /** "Brouillon", "Validée", "Payée". */
  status_label: string;
  parcels_count: number;
  cod_total: number;
  /** Merchant invoice: what the company pays the shop (negative for a returned invoice). Delivery: the cash to hand over. */
  total: number;
  created_at: string;
  validated_at: string | null;
  /**
   * The language the invoice's PDF prints in for this reader: French unless the company chose the
   * reader's language. Optional while older servers leave it out (then nothing is said about it).
   */
  pdf_language?: Language;
}

export interface MerchantInvoice extends InvoiceBase {
  type: MerchantInvoiceType;
  /** The shop's approved RIB now (in full for the shop's merchant, `•••• 1234` for staff). */
  shop: { key: string; name: string; bank_account: string | null };
  client: { key: string; name: string };
  /**
   * The RIB the invoice is paid to: kept at validation, the shop's approved one while draft. Null
   * on a validated or paid invoice: the shop had no approved RIB when it was validated.
   */
  bank_account?: string | null;
  /**
   * Paid by transfer: the shop's RIB approved when it was paid (the transfer file's), in full for
   * the shop's merchant, `•••• 1234` for staff; null otherwise (absent from older answers).
   */
  paid_bank_account?: string | null;
  fees_total: number;
  /** Null until paid (invoices paid before the choice existed answer 'transfer'). */
  payment_method: PaymentMethod | null;
  /** The transfer's reference, the cheque's number, or the cash receipt's number (optional). */
  payment_reference: string | null;
  /** "YYYY-MM-DD". */
  paid_on: string | null;
  paid_at: string | null;
  /**
   * The fees' TVA (the price list is TTC): the rate in percent (an integer, 0 when the company is
   * exempt), and in centimes the fees before tax, the tax, and the fees with it (= fees_total;
   * fees_ht + tva_amount = fees_ttc). All four null on invoices validated before TVA existed.
   */
  tva_rate: number | null;
  /** The legal exemption mention, when the company is exempt (no TVA line then). */
  tva_exemption: string | null;
  fees_ht: number | null;
  tva_amount: number | null;
  fees_ttc: number | null;
  /**
   * Delivered type: what was taken from the payout to settle the merchant's account (positive
   * centimes, 0 when none; `total` is already the net after it), and the numbers of the
   * returned-type invoices it settled (may be empty). Returned type: 0 and empty.
   */
  deducted: number;
  deducted_for: string[];
  /** Returned type once validated: what is still owed on it (positive centimes, 0 once settled); null otherwise. */
  outstanding: number | null;
  /** Returned type: how it was settled, oldest first (FIFO over the merchant's account); empty otherwise. */
  settled_by: InvoiceSettlement[];
}

/** What settled (part of) a returned-type client invoice. */
export interface InvoiceSettlement {
  kind: 'deduction' | 'payment' | 'write_off';
  /** The delivered-type invoice whose payout it was taken from (deductions). */
  invoice: string | null;
  /** The payment's reference. */
  reference: string | null;
  /** Positive centimes. */
  amount: number;
  created_at: string;
}

export interface DeliveryInvoice extends InvoiceBase {
  status: 'draft' | 'validated';
  delivery_admin: { key: string; full_name: string; phone: string | null };
  /** Cash collected from recipients, and paid out to them for refunds (positive); net = cod_total. */
  cash_to_collect: number;
  cash_to_pay_out: number;
  net_cash: number;
  commission_total: number;
  /** His earlier balance carried as a line of its own (0: none); part of `total`. */
  carried_balance: number;
  /** The cash an admin counted; null until counted. */
  counted_amount: number | null;
  /** counted_amount − total: negative short, positive over; null until counted. */
  difference: number | null;
  counted_at: string | null;
}

export type Invoice = MerchantInvoice | DeliveryInvoice;

/** One parcel of an invoice (or eligible for one). `fee` on client lines, `commission` on delivery lines. */
export interface InvoiceLine {
  /** The tracking code. */
  parcel: string;
  recipient_name: string;
  city: string;
  city_name: string;
  status: ParcelStatus;
  status_label: string;
  kind: ParcelKind;
  /** Signed: negative for a refund, 0 for a refused or returned parcel. */
  cod_amount: number;
  fee?: number;
  commission?: number;
  /** cod_amount − fee (or commission). */
  amount: number;
}

export interface LinesResponse {
  data: InvoiceLine[];
  /**
   * A delivery invoice carrying the delivery person's balance, or a delivered-type client invoice
   * with a deduction for the merchant's account (« Frais de retour FC-… déduits », negative): that
   * line of its own.
   */
  carried_balance?: { label: string; amount: number };
}

/**
 * What moved a balance. A delivery person's: differences, deductions (carried onto an invoice),
 * payments, write-offs. A merchant's account: fees (a validated returned-type invoice), deductions
 * (taken from a delivered-type invoice's payout), payments, write-offs.
 */
export type BalanceEntryKind = 'difference' | 'fees' | 'payment' | 'deduction' | 'write_off';

/**
 * One entry of a balance, `amount` signed the way it moves it (a delivery person's: positive, he
 * owes more; a merchant's account: negative, he owes more).
 */
export interface BalanceEntry {
  key: string;
  kind: BalanceEntryKind;
  amount: number;
  /** The invoice's number (differences and deductions; a merchant's fees). */
  invoice: string | null;
  reference: string | null;
  comment: string | null;
  author: { key: string; name: string } | null;
  created_at: string;
}

/** GET /api/delivery-admins/{key}/balance. */
export interface DeliveryPersonBalance {
  delivery_admin: { key: string; full_name: string; phone: string };
  /** Centimes, positive when he owes the company. */
  balance: number;
  /** Newest first. */
  entries: BalanceEntry[];
  /** Drafts carrying the balance now. */
  carried_on: Array<{ invoice: string; amount: number }>;
}

/** A row of GET /api/delivery-admins/balances. */
export interface BalanceRow {
  key: string;
  full_name: string;
  phone: string;
  balance: number;
}

export interface BalanceListArgs extends ListArgs {
  owing?: boolean;
  /** Keys, comma-separated. */
  delivery_admin?: string;
}

/** A row of GET /api/clients/balances: a merchant and his account. */
export interface MerchantBalanceRow {
  key: string;
  full_name: string;
  company: string | null;
  phone: string;
  /** Centimes, negative when he owes the company (never above 0 in practice). */
  balance: number;
}

/** GET /api/clients/{key}/balance: a merchant's account with the company. */
export interface MerchantAccount {
  client: { key: string; full_name: string; company: string | null; phone: string };
  /** Centimes, negative when he owes the company. */
  balance: number;
  /** Newest first. */
  entries: BalanceEntry[];
}

export interface MerchantBalanceListArgs extends ListArgs {
  owing?: boolean;
  /** Merchant keys, comma-separated. */
  client?: string;
}

/** POST /api/delivery-admins/{key}/balance or /api/clients/{key}/balance: a settlement toward zero. */
export interface SettlementBody {
  kind: 'payment' | 'write_off';
  /** Centimes, at most the balance. */
  amount: number;
  reference?: string;
  comment?: string;
}

/** GET /api/shops/unpaid/{type}: a shop with parcels to invoice. */
export interface UnpaidShop {
  key: string;
  name: string;
  client: { key: string; name: string };
  bank_account: string | null;
  parcels_count: number;
  cod_total: number;
  fees_total: number;
  total: number;
}

/** GET /api/delivery-admins/parcels/unpaid: a delivery person holding cash on no invoice. */
export interface UnpaidDeliveryPerson {
  key: string;
  full_name: string;
  phone: string | null;
  parcels_count: number;
  cod_total: number;
  commission_total: number;
  total: number;
}

export interface InvoiceListArgs extends ListArgs {
  type?: MerchantInvoiceType;
  status?: string;
  client?: string;
  shop?: string;
  delivery_admin?: string;
}

export interface CreateMerchantInvoiceBody {
  shop: string;
  type: MerchantInvoiceType;
  parcels?: string[];
}

export interface CreateDeliveryInvoiceBody {
  delivery_admin?: string;
  parcels?: string[];
  /** Admins: carry his balance onto the draft. */
  carry_balance?: boolean;
}

/** PUT /api/clients/invoices/{key}: one of a draft's new parcel set, validation, payment. */
export type MerchantInvoiceUpdate =
  | { parcels: string[] }
  | { status: 'validated' }
  /** The reference is required for a transfer or a cheque, optional (left out when empty) for cash. */
  | { status: 'paid'; payment_method: PaymentMethod; payment_reference: string; paid_on: string };

/** PUT /api/delivery-admins/invoices/{key}: the counted cash, the carried balance, or validation. */
export type DeliveryInvoiceUpdate = { counted_amount: number } | { carry_balance: boolean } | { status: 'validated' };

/** GET /api/clients/invoices/transfers: the CSV batch and how many invoices it left out. */
export interface TransfersExport {
  csv: string;
  /** Left out for a missing RIB (X-Skipped-Invoices). */
  skipped: number;
  filename: string | null;
}

const segment = encodeURIComponent;

/** The lists a write changes: both families' invoices, the unpaid lists, parcels, dashboards,
 * and the balances (a delivery invoice's validation posts to them, a draft carries one; a client
 * invoice's validation posts its fees or its deduction to the merchant's account). */
const WRITES = [
  'clientsInvoices',
  'deliveryAdminsInvoices',
  'deliveryAdminsParcelsUnpaid',
  'shopsUnpaid',
  'parcels',
  'statistics',
  'deliveryPersonBalances',
  'merchantBalances',
] as const;

/** The file name of a Content-Disposition header, if any. */
function attachmentName(header: string | null | undefined): string | null {
  if (!header) return null;
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(header);
  return match ? decodeURIComponent(match[1]) : null;
}

export const invoicesApi = api.injectEndpoints({
  endpoints: (build) => ({
    // Merchant invoices.
    listMerchantInvoices: build.query<ListResponse<MerchantInvoice>, InvoiceListArgs>({
      query: (args) => ({ url: 'clients/invoices', params: listParams(args) }),
      providesTags: ['clientsInvoices'],
    }),
    getMerchantInvoice: build.query<ItemResponse<MerchantInvoice>, string>({
      query: (key) => `clients/invoices/${segment(key)}`,
      providesTags: ['clientsInvoices'],
    }),
    merchantInvoiceLines: build.query<LinesResponse, string>({
      query: (key) => `clients/parcels/invoices/${segment(key)}`,
      providesTags: ['clientsInvoices'],
    }),
    createMerchantInvoice: build.mutation<ItemResponse<MerchantInvoice>, CreateMerchantInvoiceBody>({
      query: (body) => ({ url: 'clients/invoices', method: 'POST', body }),
      invalidatesTags: WRITES,
    }),
    updateMerchantInvoice: build.mutation<ItemResponse<MerchantInvoice>, { key: string; body: MerchantInvoiceUpdate }>({
      query: ({ key, body }) => ({ url: `clients/invoices/${segment(key)}`, method: 'PUT', body }),
      invalidatesTags: WRITES,
    }),
    deleteMerchantInvoice: build.mutation<null, string>({
      query: (key) => ({ url: `clients/invoices/${segment(key)}`, method: 'DELETE' }),
      invalidatesTags: WRITES,
    }),
    /** Shops with parcels to invoice, largest total first. */
    listUnpaidShops: build.query<ListResponse<UnpaidShop>, ListArgs & { type: MerchantInvoiceType; client?: string }>({
      query: ({ type, ...args }) => ({ url: `shops/unpaid/${segment(type)}`, params: listParams(args) }),
      providesTags: ['shopsUnpaid'],
    }),
    unpaidShopLines: build.query<LinesResponse, { type: MerchantInvoiceType; shop: string }>({
      query: ({ type, shop }) => `shops/unpaid/${segment(type)}/${segment(shop)}`,
      providesTags: ['shopsUnpaid'],
    }),
    /** The CSV of the bank transfers to make (validated, unpaid delivered invoices with a RIB). */
    exportTransfers: build.mutation<TransfersExport, { client?: string; shop?: string } | void>({
      query: (args) => ({
        url: 'clients/invoices/transfers',
        method: 'GET',
        params: { ...(args?.client ? { client: args.client } : {}), ...(args?.shop ? { shop: args.shop } : {}) },
        responseHandler: 'text',
      }),
      transformResponse: (csv: string, meta) => {
        const headers = (meta as FetchBaseQueryMeta | undefined)?.response?.headers;
        return {
          csv,
          skipped: Number(headers?.get('X-Skipped-Invoices') ?? 0) || 0,
          filename: attachmentName(headers?.get('Content-Disposition')),
        };
      },
    }),

    // Delivery invoices.
    listDeliveryInvoices: build.query<ListResponse<DeliveryInvoice>, InvoiceListArgs>({
      query: (args) => ({ url: 'delivery-admins/invoices', params: listParams(args) }),
      providesTags: ['deliveryAdminsInvoices'],
    }),
    getDeliveryInvoice: build.query<ItemResponse<DeliveryInvoice>, string>({
      query: (key) => `delivery-admins/invoices/${segment(key)}`,
      providesTags: ['deliveryAdminsInvoices'],
    }),
    deliveryInvoiceLines: build.query<LinesResponse, string>({
      query: (key) => `delivery-admins/parcels/invoices/${segment(key)}`,
      providesTags: ['deliveryAdminsInvoices'],
    }),
    createDeliveryInvoice: build.mutation<ItemResponse<DeliveryInvoice>, CreateDeliveryInvoiceBody>({
      query: (body) => ({ url: 'delivery-admins/invoices', method: 'POST', body }),
      invalidatesTags: WRITES,
    }),
    updateDeliveryInvoice: build.mutation<ItemResponse<DeliveryInvoice>, { key: string; body: DeliveryInvoiceUpdate }>({
      query: ({ key, body }) => ({ url: `delivery-admins/invoices/${segment(key)}`, method: 'PUT', body }),
      invalidatesTags: WRITES,
    }),
    /** Takes a parcel off its draft delivery invoice. */
    removeFromDeliveryInvoice: build.mutation<ItemResponse<DeliveryInvoice>, string>({
      query: (parcel) => ({ url: `delivery-admins/invoices/parcels/${segment(parcel)}`, method: 'PUT', body: {} }),
      invalidatesTags: WRITES,
    }),
    deleteDeliveryInvoice: build.mutation<null, string>({
      query: (key) => ({ url: `delivery-admins/invoices/${segment(key)}`, method: 'DELETE' }),
      invalidatesTags: WRITES,
    }),
    /** Delivery people holding parcels on no delivery invoice, largest total first. */
    listUnpaidDeliveryPeople: build.query<ListResponse<UnpaidDeliveryPerson>, ListArgs>({
      query: (args) => ({ url: 'delivery-admins/parcels/unpaid', params: listParams(args) }),
      providesTags: ['deliveryAdminsParcelsUnpaid'],
    }),
    unpaidDeliveryLines: build.query<LinesResponse, string>({
      query: (deliveryPerson) => `delivery-admins/${segment(deliveryPerson)}/parcels/unpaid`,
      providesTags: ['deliveryAdminsParcelsUnpaid'],
    }),

    // Delivery people's balances.
    /** Delivery people with their balances, owing first. */
    listDeliveryPersonBalances: build.query<ListResponse<BalanceRow>, BalanceListArgs>({
      query: (args) => ({ url: 'delivery-admins/balances', params: listParams(args) }),
      providesTags: ['deliveryPersonBalances'],
    }),
    getDeliveryPersonBalance: build.query<ItemResponse<DeliveryPersonBalance>, string>({
      query: (deliveryPerson) => `delivery-admins/${segment(deliveryPerson)}/balance`,
      providesTags: ['deliveryPersonBalances'],
    }),
    /** A payment or a write-off: the balance and the dashboards change. */
    settleDeliveryPersonBalance: build.mutation<ItemResponse<DeliveryPersonBalance>, { key: string; body: SettlementBody }>({
      query: ({ key, body }) => ({ url: `delivery-admins/${segment(key)}/balance`, method: 'POST', body }),
      invalidatesTags: ['deliveryPersonBalances', 'statistics'],
    }),

    // Merchants' accounts.
    /** Merchants with their accounts, most owed first. */
    listMerchantBalances: build.query<ListResponse<MerchantBalanceRow>, MerchantBalanceListArgs>({
      query: (args) => ({ url: 'clients/balances', params: listParams(args) }),
      providesTags: ['merchantBalances'],
    }),
    getMerchantBalance: build.query<ItemResponse<MerchantAccount>, string>({
      query: (merchant) => `clients/${segment(merchant)}/balance`,
      providesTags: ['merchantBalances'],
    }),
    /**
     * A payment or a write-off: the account, the dashboards and the returned-type invoices it
     * settles (their `outstanding` and `settled_by`) change.
     */
    settleMerchantBalance: build.mutation<ItemResponse<MerchantAccount>, { key: string; body: SettlementBody }>({
      query: ({ key, body }) => ({ url: `clients/${segment(key)}/balance`, method: 'POST', body }),
      invalidatesTags: ['merchantBalances', 'statistics', 'clientsInvoices'],
    }),
  }),
});

export const {
  useListMerchantInvoicesQuery,
  useGetMerchantInvoiceQuery,
  useMerchantInvoiceLinesQuery,
  useCreateMerchantInvoiceMutation,
  useUpdateMerchantInvoiceMutation,
  useDeleteMerchantInvoiceMutation,
  useListUnpaidShopsQuery,
  useUnpaidShopLinesQuery,
  useExportTransfersMutation,
  useListDeliveryInvoicesQuery,
  useGetDeliveryInvoiceQuery,
  useDeliveryInvoiceLinesQuery,
  useCreateDeliveryInvoiceMutation,
  useUpdateDeliveryInvoiceMutation,
  useRemoveFromDeliveryInvoiceMutation,
  useDeleteDeliveryInvoiceMutation,
  useListUnpaidDeliveryPeopleQuery,
  useUnpaidDeliveryLinesQuery,
  useListDeliveryPersonBalancesQuery,
  useGetDeliveryPersonBalanceQuery,
  useSettleDeliveryPersonBalanceMutation,
  useListMerchantBalancesQuery,
  useGetMerchantBalanceQuery,
  useSettleMerchantBalanceMutation,
} = invoicesApi;

/** API path of each family's invoices. */
export const INVOICE_PATHS: Record<InvoiceFamily, string> = {
  client: 'clients/invoices',
  delivery: 'delivery-admins/invoices',
};

/** The URL of an invoice's PDF (the cookie session authenticates it). */
export function invoicePdfUrl(family: InvoiceFamily, key: string): string {
  return `/api/${INVOICE_PATHS[family]}/${segment(key)}/pdf`;
}

/** Name of the pop-up window of each family's PDFs. */
export function invoiceWindow(family: InvoiceFamily): string {
  return `colivra-${family}-invoice`;
}

/** Prints an invoice: its PDF in the 1000×600 pop-up. */
export function openInvoicePdf(family: InvoiceFamily, key: string): Window | null {
  return openPdf(invoicePdfUrl(family, key), invoiceWindow(family));
}

/** What a line takes off the cash: the shop's fee or the delivery person's commission. */
export function lineDeduction(line: InvoiceLine): number {
  return line.fee ?? line.commission ?? 0;
}

/** An invoice's fees (client) or commissions (delivery). */
export function invoiceDeductions(invoice: Invoice): number {
  return 'fees_total' in invoice ? invoice.fees_total : invoice.commission_total;
}

/** Sums of some lines: cash collected, fees or commissions, and what is left; delivery lines
 * also the cash collected and paid out (a line's signed `cod_amount`), apart. */
export function lineTotals(lines: readonly InvoiceLine[]): Totals {
  let cod = 0;
  let deductions = 0;
  let total = 0;
  for (const line of lines) {
    cod += line.cod_amount;
    deductions += lineDeduction(line);
    total += line.amount;
  }
  const delivery = lines.some((line) => line.commission !== undefined);
  return { count: lines.length, cod, deductions, total, ...(delivery ? { cash: cashOf(lines.map((line) => line.cod_amount)) } : {}) };
}

/** A client invoice's totals as its summary shows them (a delivered one's deduction as its carried line). */
export function merchantTotals(invoice: MerchantInvoice): Totals {
  return {
    count: invoice.parcels_count,
    cod: invoice.cod_total,
    deductions: invoice.fees_total,
    total: invoice.total,
    ...(invoice.type === 'delivered' && invoice.deducted > 0 ? { carried: -invoice.deducted } : {}),
  };
}

/** A delivery invoice's totals as its summary shows them. */
export function deliveryTotals(invoice: DeliveryInvoice): Totals {
  return {
    count: invoice.parcels_count,
    cod: invoice.cod_total,
    deductions: invoice.commission_total,
    total: invoice.total,
    cash: { cash_to_collect: invoice.cash_to_collect, cash_to_pay_out: invoice.cash_to_pay_out, net_cash: invoice.net_cash },
    carried: invoice.carried_balance,
  };
}

/** An invoice's amounts as its summary shows them (a draft's, a saved one's, the eligible lines'). */
export interface Totals {
  count: number;
  cod: number;
  deductions: number;
  total: number;
  /** Delivery invoices: cash collected and paid out (refunds), shown apart. */
  cash?: CashFigures;
  /**
   * A line of its own between the fees and the total (0: none): a delivery invoice's carried
   * balance of the delivery person (signed as his balance), or a delivered-type client invoice's
   * deduction for the merchant's account (negative).
   */
  carried?: number;
}
