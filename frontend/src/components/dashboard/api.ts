import { api } from '../../core/api';
import type { CashFigures } from '../cash';
import type { ParcelStatus } from '../parcel/api';

/** GET /api/statistics: the dashboard's figures in the caller's scope. Money in centimes. */
export interface Statistics {
  total: number;
  by_status: Array<{ status: ParcelStatus; status_label: string; count: number }>;
  cod_collected: number;
  to_be_paid: number;
  /** Percent of the parcels whose round ended; null before any ended. */
  delivery_rate: number | null;
  /** The last 30 days, oldest first. */
  daily: Array<{ date: string; created: number; delivered: number }>;
  /** The money round (centimes; null where it does not apply to the caller). */
  money?: MoneyFigures | null;
}

/** `money` of GET /api/statistics. */
export interface MoneyFigures {
  /** Admin: cash the delivery people hold; delivery person: what he must still hand over (balances included). */
  cash_held: number | null;
  /**
   * Admin: what merchants are owed; merchant: what he is owed. Only parcels whose cash is in (on a
   * validated delivery invoice), unless the company pays before cash-in.
   */
  payouts_due: number | null;
  /**
   * Admin: what merchants will be owed (COD − fees) for delivered parcels whose cash a delivery
   * person still holds; merchant: his part of it; delivery person: null.
   */
  payouts_awaiting_cash: number | null;
  /** Admin: validated, unpaid invoices of delivered parcels. */
  ready_to_transfer: number | null;
  /** Paid invoices of delivered parcels this month (the merchant's own). */
  paid_this_month: number | null;
  /** Delivery person: his balance with the company (positive: he owes it), part of cash_held. */
  balance?: number | null;
  /** Admin: what delivery people owe (balances above zero), and how many owe. */
  balances_owed?: number | null;
  couriers_owing?: number | null;
  /** Merchant: his account with the company (balance ≤ 0: negative, he owes it); null: none. */
  account?: { key: string; balance: number } | null;
  /** Admin: how many merchants owe the company, and what they owe together (positive centimes). */
  merchants_owing?: number | null;
  merchant_debts?: number | null;
  /** Delivery person: the cash of the parcels he holds out for delivery. */
  round?: CashFigures | null;
}

export const statisticsApi = api.injectEndpoints({
  endpoints: (build) => ({
    statistics: build.query<{ data: Statistics }, void>({
      query: () => 'statistics',
      providesTags: ['statistics'],
    }),
  }),
});

export const { useStatisticsQuery } = statisticsApi;
