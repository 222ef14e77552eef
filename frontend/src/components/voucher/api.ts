// The voucher endpoints (docs/api.md, "vouchers"): pickup vouchers (bons de ramassage), exit
// vouchers (bons de sortie) and return vouchers (bons de retour). Every write also changes the
// parcels it moves, so it invalidates the parcel lists and the dashboards too.
import { api } from '../../core/api';
import { crudEndpoints, type CollectionTag, type ItemResponse } from '../../core/crud';
import { openPdf } from '../pdf';
import type { ListArgs } from '../table/useListState';
import type { Parcel } from '../parcel/api';

export type VoucherKind = 'pickup' | 'exit' | 'return';

/** Pickup and return vouchers: new, then received; exit vouchers are issued at once. */
export type VoucherStatus = 'new' | 'received' | 'issued';

export interface VoucherPerson {
  key: string;
  name: string;
}

/** The common view of the three kinds (GET lists and the head of a detail). Money in centimes. */
export interface Voucher {
  key: string;
  kind: VoucherKind;
  status: VoucherStatus;
  status_label: string;
  /** Pickup vouchers: the merchant. */
  client: { key: string; name: string; company: string | null } | null;
  /** Pickup vouchers: the shop the parcels are collected at. */
  shop: { key: string; name: string } | null;
  /** Exit and return vouchers: the delivery person. */
  delivery_admin: { key: string; name: string; phone: string } | null;
  parcels_count: number;
  /** The parcels' COD as written on them (a refund too): not what moves as cash. */
  cod_total: number;
  /** Exit vouchers only: the hand-over moves cash at the customers' doors. */
  moves_cash: boolean;
  /** Exit vouchers: cash to collect, to pay out (refunds), and the net; 0 on the other kinds. */
  cash_to_collect: number;
  cash_to_pay_out: number;
  net_cash: number;
  created_at: string;
  received_at: string | null;
  created_by: VoucherPerson | null;
  received_by: VoucherPerson | null;
}

/** GET .../{key}: the voucher with its parcels (rows of the parcel lists). */
export interface VoucherDetail extends Voucher {
  parcels: Parcel[];
}

export interface VoucherListArgs extends ListArgs {
  status?: string;
  client?: string;
  delivery_admin?: string;
}

export interface ParcelsBody {
  parcels: string[];
}

/** PUT /api/parcels/delivery: ship picked-up parcels with a delivery person. */
export interface ShipBody {
  delivery_admin: string;
  parcels: string[];
  /** Also parcels of cities he does not serve. */
  force: boolean;
}

export interface ReturnBody {
  parcels: string[];
  /** Admins: the delivery person who holds the parcels (ignored for a delivery person). */
  delivery_admin?: string;
}

/** API path and cache tag of each kind. */
export const VOUCHER_PATHS: Record<VoucherKind, string> = {
  pickup: 'pickup-vouchers',
  exit: 'exit-vouchers',
  return: 'return-vouchers',
};

export const VOUCHER_TAGS: Record<VoucherKind, CollectionTag> = {
  pickup: 'pickupVouchers',
  exit: 'exitVouchers',
  return: 'returnVouchers',
};

const segment = encodeURIComponent;

/** A voucher write moves parcels: their lists and the dashboards change too. */
const MOVES: readonly CollectionTag[] = ['parcels', 'statistics'];

export const vouchersApi = api.injectEndpoints({
  endpoints: (build) => {
    const pickup = crudEndpoints<Voucher, ParcelsBody>(build, { path: VOUCHER_PATHS.pickup, tag: 'pickupVouchers', alsoInvalidates: MOVES });
    const exit = crudEndpoints<Voucher, never>(build, { path: VOUCHER_PATHS.exit, tag: 'exitVouchers', alsoInvalidates: MOVES });
    const back = crudEndpoints<Voucher, ReturnBody>(build, { path: VOUCHER_PATHS.return, tag: 'returnVouchers', alsoInvalidates: MOVES });
    const write = (tag: CollectionTag) => [tag, ...MOVES];
    return {
      listPickupVouchers: pickup.list,
      listExitVouchers: exit.list,
      listReturnVouchers: back.list,
      /** One voucher with its parcels; refreshed by any parcel write too (their statuses show). */
      getVoucher: build.query<ItemResponse<VoucherDetail>, { kind: VoucherKind; key: string }>({
        query: ({ kind, key }) => `${VOUCHER_PATHS[kind]}/${segment(key)}`,
        providesTags: (_result, _error, { kind, key }) => [{ type: VOUCHER_TAGS[kind], id: key }, 'parcels'],
      }),
      /** POST /api/pickup-vouchers: a merchant groups new parcels of one shop. */
      createPickupVoucher: pickup.create,
      /** PUT /api/pickup-vouchers/{key}: adds parcels (same shop) while the voucher is new. */
      addToPickupVoucher: build.mutation<ItemResponse<VoucherDetail>, { key: string; parcels: string[] }>({
        query: ({ key, parcels }) => ({ url: `${VOUCHER_PATHS.pickup}/${segment(key)}`, method: 'PUT', body: { parcels } }),
        invalidatesTags: write('pickupVouchers'),
      }),
      /** PUT /api/pickup-vouchers/parcels/{parcel}: the parcel leaves its open voucher, back to new. */
      removeFromPickupVoucher: build.mutation<ItemResponse<Voucher>, string>({
        query: (parcel) => ({ url: `${VOUCHER_PATHS.pickup}/parcels/${segment(parcel)}`, method: 'PUT', body: {} }),
        invalidatesTags: write('pickupVouchers'),
      }),
      deletePickupVoucher: pickup.remove,
      /** PUT /api/pickup-vouchers/pickup: the ticked parcels are picked up, the others go back to new. */
      receivePickupVoucher: build.mutation<ItemResponse<VoucherDetail>, { voucher: string; parcels: string[] }>({
        query: (body) => ({ url: `${VOUCHER_PATHS.pickup}/pickup`, method: 'PUT', body }),
        invalidatesTags: write('pickupVouchers'),
      }),
      /** PUT /api/parcels/delivery: one exit voucher; the parcels go out for delivery. */
      shipParcels: build.mutation<ItemResponse<VoucherDetail>, ShipBody>({
        query: (body) => ({ url: 'parcels/delivery', method: 'PUT', body }),
        invalidatesTags: write('exitVouchers'),
      }),
      /** POST /api/return-vouchers: refused and cancelled parcels go back (returning). */
      createReturnVoucher: build.mutation<ItemResponse<VoucherDetail>, ReturnBody>({
        query: (body) => ({ url: VOUCHER_PATHS.return, method: 'POST', body }),
        invalidatesTags: write('returnVouchers'),
      }),
      /** PUT /api/return-vouchers/{key}/receive: its parcels are back at the hub (returned). */
      receiveReturnVoucher: build.mutation<ItemResponse<VoucherDetail>, string>({
        query: (key) => ({ url: `${VOUCHER_PATHS.return}/${segment(key)}/receive`, method: 'PUT', body: {} }),
        invalidatesTags: write('returnVouchers'),
      }),
    };
  },
});

export const {
  useListPickupVouchersQuery,
  useListExitVouchersQuery,
  useListReturnVouchersQuery,
  useGetVoucherQuery,
  useCreatePickupVoucherMutation,
  useAddToPickupVoucherMutation,
  useRemoveFromPickupVoucherMutation,
  useDeletePickupVoucherMutation,
  useReceivePickupVoucherMutation,
  useShipParcelsMutation,
  useCreateReturnVoucherMutation,
  useReceiveReturnVoucherMutation,
} = vouchersApi;

/** The list hook of each kind. */
export const VOUCHER_LIST_HOOKS = {
  pickup: useListPickupVouchersQuery,
  exit: useListExitVouchersQuery,
  return: useListReturnVouchersQuery,
} as const;

/** The URL of a voucher's PDF (the cookie session authenticates it). */
export function voucherPdfUrl(kind: VoucherKind, key: string): string {
  return `/api/${VOUCHER_PATHS[kind]}/${segment(key)}/pdf`;
}

/** Prints a voucher: its PDF in the 1000×600 pop-up. */
export function openVoucherPdf(kind: VoucherKind, key: string): Window | null {
  return openPdf(voucherPdfUrl(kind, key), `colivra-${kind}-voucher`);
}
