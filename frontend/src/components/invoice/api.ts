// The invoice endpoints (docs/invoices-api.md): client invoices (the company pays a shop what it
// collected, minus its fees) and delivery invoices (a delivery person hands over the cash he
// collected, minus his commissions). Money is integer centimes. Every write moves parcels on or
// off invoices: it invalidates the invoice lists, the unpaid lists, the parcels and the
// dashboards.
import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import { api } from '../../core/api';
import type { Answer, Body, Schema } from '../../core/apiTypes';
import { listParams, type ItemResponse } from '../../core/crud';
import { cashOf } from '../cash';
import { openPdf } from '../pdf';
import type { ListArgs } from '../table/useListState';
import type { CashFigures } from '../cash';

/** The two invoice families: a shop's (client) or a delivery person's (delivery). */
export type InvoiceFamily = 'client' | 'delivery';

/** A client invoice's type: delivered parcels (paid to the shop) or returned ones (owed by it). */
export type MerchantInvoiceType = Schema<'MerchantInvoiceType'>;

export type InvoiceStatus = Schema<'InvoiceStatus'>;

/** How a client invoice was paid: a bank transfer, a cheque, or cash at the counter. */
export type PaymentMethod = Schema<'PaymentMethod'>;

export const PAYMENT_METHODS: readonly PaymentMethod[] = ['transfer', 'cheque', 'cash'];

/**
 * What settled (part of) a returned-type client invoice. The document types `kind` as any entry
 * of the account (`fees` too), which never settles one.
 */
export type InvoiceSettlement = Omit<Schema<'InvoiceSettlement'>, 'kind'> & { kind: Exclude<Schema<'MerchantEntryKind'>, 'fees'> };

/**
 * A client invoice. Money in centimes; `total` what the company pays the shop (negative for a
 * returned invoice).
 */
export type MerchantInvoice = Omit<Schema<'MerchantInvoiceView'>, 'settled_by'> & {
  settled_by: InvoiceSettlement[];
};

/** A delivery invoice: the cash a delivery person hands over, minus his commissions. */
export type DeliveryInvoice = Schema<'DeliveryInvoiceView'>;

export type Invoice = MerchantInvoice | DeliveryInvoice;

/** GET /api/clients/invoices, its rows refined as `MerchantInvoice`. */
export type MerchantInvoiceList = Omit<Answer<'/api/clients/invoices', 'get'>, 'data'> & { data: MerchantInvoice[] };

/** One parcel of an invoice (or eligible for one). `fee` on client lines, `commission` on delivery lines. */
export type InvoiceLine = Schema<'InvoiceLine'>;

/** An entry of a delivery person's balance, `amount` positive when he owes more. */
export type DeliveryPersonBalanceEntry = Schema<'BalanceEntry'>;

/** An entry of a merchant's account, `amount` negative when he owes more. */
export type MerchantAccountEntry = Schema<'MerchantAccountEntry'>;

/** One entry of a balance, `amount` signed the way it moves it. */
export type BalanceEntry = DeliveryPersonBalanceEntry | MerchantAccountEntry;

/**
 * What moved a balance. A delivery person's: differences, deductions (carried onto an invoice),
 * payments, write-offs. A merchant's account: fees (a validated returned-type invoice), deductions
 * (taken from a delivered-type invoice's payout), payments, write-offs.
 */
export type BalanceEntryKind = BalanceEntry['kind'];

/** GET /api/delivery-admins/{key}/balance. */
export type DeliveryPersonBalance = Schema<'DeliveryPersonBalance'>;

/** A row of GET /api/delivery-admins/balances. */
export type BalanceRow = Schema<'BalanceRow'>;

export interface BalanceListArgs extends ListArgs {
  owing?: boolean;
  /** Keys, comma-separated. */
  delivery_admin?: string;
}

/** A row of GET /api/clients/balances: a merchant and his account. */
export type MerchantBalanceRow = Schema<'MerchantAccountRow'>;

/** GET /api/clients/{key}/balance: a merchant's account with the company. */
export type MerchantAccount = Schema<'MerchantAccount'>;

export interface MerchantBalanceListArgs extends ListArgs {
  owing?: boolean;
  /** Merchant keys, comma-separated. */
  client?: string;
}

/** POST /api/delivery-admins/{key}/balance or /api/clients/{key}/balance: a settlement toward zero. */
export type SettlementBody = Body<'/api/delivery-admins/{key}/balance', 'post'>;

/** GET /api/shops/unpaid/{type}: a shop with parcels to invoice. */
export type UnpaidShop = Schema<'UnpaidShop'>;

/** GET /api/delivery-admins/parcels/unpaid: a delivery person holding cash on no invoice. */
export type UnpaidDeliveryPerson = Schema<'UnpaidDeliveryPerson'>;

export interface InvoiceListArgs extends ListArgs {
  type?: MerchantInvoiceType;
  status?: string;
  client?: string;
  shop?: string;
  delivery_admin?: string;
}

export type CreateMerchantInvoiceBody = Body<'/api/clients/invoices', 'post'>;

export type CreateDeliveryInvoiceBody = Body<'/api/delivery-admins/invoices', 'post'>;

/** PUT /api/clients/invoices/{key}: a draft's new parcel set, validation, or payment. */
export type MerchantInvoiceUpdate = Body<'/api/clients/invoices/{key}', 'put'>;

/** PUT /api/delivery-admins/invoices/{key}: the counted cash, the carried balance, or validation. */
export type DeliveryInvoiceUpdate = Body<'/api/delivery-admins/invoices/{key}', 'put'>;

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
    listMerchantInvoices: build.query<MerchantInvoiceList, InvoiceListArgs>({
      query: (args) => ({ url: 'clients/invoices', params: listParams(args) }),
      providesTags: ['clientsInvoices'],
    }),
    getMerchantInvoice: build.query<ItemResponse<MerchantInvoice>, string>({
      query: (key) => `clients/invoices/${segment(key)}`,
      providesTags: ['clientsInvoices'],
    }),
    merchantInvoiceLines: build.query<Answer<'/api/clients/parcels/invoices/{invoiceKey}', 'get'>, string>({
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
    listUnpaidShops: build.query<Answer<'/api/shops/unpaid/{type}', 'get'>, ListArgs & { type: MerchantInvoiceType; client?: string }>({
      query: ({ type, ...args }) => ({ url: `shops/unpaid/${segment(type)}`, params: listParams(args) }),
      providesTags: ['shopsUnpaid'],
    }),
    unpaidShopLines: build.query<Answer<'/api/shops/unpaid/{type}/{shop}', 'get'>, { type: MerchantInvoiceType; shop: string }>({
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
    listDeliveryInvoices: build.query<Answer<'/api/delivery-admins/invoices', 'get'>, InvoiceListArgs>({
      query: (args) => ({ url: 'delivery-admins/invoices', params: listParams(args) }),
      providesTags: ['deliveryAdminsInvoices'],
    }),
    getDeliveryInvoice: build.query<Answer<'/api/delivery-admins/invoices/{key}', 'get'>, string>({
      query: (key) => `delivery-admins/invoices/${segment(key)}`,
      providesTags: ['deliveryAdminsInvoices'],
    }),
    deliveryInvoiceLines: build.query<Answer<'/api/delivery-admins/parcels/invoices/{invoiceKey}', 'get'>, string>({
      query: (key) => `delivery-admins/parcels/invoices/${segment(key)}`,
      providesTags: ['deliveryAdminsInvoices'],
    }),
    createDeliveryInvoice: build.mutation<Answer<'/api/delivery-admins/invoices', 'post', 201>, CreateDeliveryInvoiceBody>({
      query: (body) => ({ url: 'delivery-admins/invoices', method: 'POST', body }),
      invalidatesTags: WRITES,
    }),
    updateDeliveryInvoice: build.mutation<Answer<'/api/delivery-admins/invoices/{key}', 'put'>, { key: string; body: DeliveryInvoiceUpdate }>({
      query: ({ key, body }) => ({ url: `delivery-admins/invoices/${segment(key)}`, method: 'PUT', body }),
      invalidatesTags: WRITES,
    }),
    /** Takes a parcel off its draft delivery invoice. */
    removeFromDeliveryInvoice: build.mutation<Answer<'/api/delivery-admins/invoices/parcels/{parcel}', 'put'>, string>({
      query: (parcel) => ({ url: `delivery-admins/invoices/parcels/${segment(parcel)}`, method: 'PUT', body: {} }),
      invalidatesTags: WRITES,
    }),
    deleteDeliveryInvoice: build.mutation<null, string>({
      query: (key) => ({ url: `delivery-admins/invoices/${segment(key)}`, method: 'DELETE' }),
      invalidatesTags: WRITES,
    }),
    /** Delivery people holding parcels on no delivery invoice, largest total first. */
    listUnpaidDeliveryPeople: build.query<Answer<'/api/delivery-admins/parcels/unpaid', 'get'>, ListArgs>({
      query: (args) => ({ url: 'delivery-admins/parcels/unpaid', params: listParams(args) }),
      providesTags: ['deliveryAdminsParcelsUnpaid'],
    }),
    unpaidDeliveryLines: build.query<Answer<'/api/delivery-admins/{deliveryAdmin}/parcels/unpaid', 'get'>, string>({
      query: (deliveryPerson) => `delivery-admins/${segment(deliveryPerson)}/parcels/unpaid`,
      providesTags: ['deliveryAdminsParcelsUnpaid'],
    }),

    // Delivery people's balances.
    /** Delivery people with their balances, owing first. */
    listDeliveryPersonBalances: build.query<Answer<'/api/delivery-admins/balances', 'get'>, BalanceListArgs>({
      query: (args) => ({ url: 'delivery-admins/balances', params: listParams(args) }),
      providesTags: ['deliveryPersonBalances'],
    }),
    getDeliveryPersonBalance: build.query<Answer<'/api/delivery-admins/{key}/balance', 'get'>, string>({
      query: (deliveryPerson) => `delivery-admins/${segment(deliveryPerson)}/balance`,
      providesTags: ['deliveryPersonBalances'],
    }),
    /** A payment or a write-off: the balance and the dashboards change. */
    settleDeliveryPersonBalance: build.mutation<Answer<'/api/delivery-admins/{key}/balance', 'post', 201>, { key: string; body: SettlementBody }>({
      query: ({ key, body }) => ({ url: `delivery-admins/${segment(key)}/balance`, method: 'POST', body }),
      invalidatesTags: ['deliveryPersonBalances', 'statistics'],
    }),

    // Merchants' accounts.
    /** Merchants with their accounts, most owed first. */
    listMerchantBalances: build.query<Answer<'/api/clients/balances', 'get'>, MerchantBalanceListArgs>({
      query: (args) => ({ url: 'clients/balances', params: listParams(args) }),
      providesTags: ['merchantBalances'],
    }),
    getMerchantBalance: build.query<Answer<'/api/clients/{key}/balance', 'get'>, string>({
      query: (merchant) => `clients/${segment(merchant)}/balance`,
      providesTags: ['merchantBalances'],
    }),
    /**
     * A payment or a write-off: the account, the dashboards and the returned-type invoices it
     * settles (their `outstanding` and `settled_by`) change.
     */
    settleMerchantBalance: build.mutation<Answer<'/api/clients/{key}/balance', 'post', 201>, { key: string; body: SettlementBody }>({
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
  const delivery = lines.some((line) => line.commission !== undefined && line.commission !== null);
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
