// The voucher endpoints (docs/api.md, "vouchers"): pickup vouchers (bons de ramassage), exit
// vouchers (bons de sortie) and return vouchers (bons de retour). Every write also changes the
// parcels it moves, so it invalidates the parcel lists and the dashboards too.
import { api } from '../../core/api';
import type { Answer, Body, Schema } from '../../core/apiTypes';
import { crudEndpoints, type CollectionTag, type ItemResponse } from '../../core/crud';
import { openPdf } from '../pdf';
import type { ListArgs } from '../table/useListState';

export type VoucherKind = Schema<'Kind'>;

/** The common view of the three kinds (GET lists and the head of a detail). Money in centimes. */
export type Voucher = Schema<'VoucherView'>;

/** GET .../{key}: the voucher with its parcels (rows of the parcel lists). */
export type VoucherDetail = Schema<'VoucherDetail'>;

export interface VoucherListArgs extends ListArgs {
  status?: string;
  client?: string;
  delivery_admin?: string;
}

export type ParcelsBody = Body<'/api/pickup-vouchers', 'post'>;

/** PUT /api/parcels/delivery: ship picked-up parcels with a delivery person. */
export type ShipBody = Body<'/api/parcels/delivery', 'put'>;

export type ReturnBody = Body<'/api/return-vouchers', 'post'>;

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
      addToPickupVoucher: build.mutation<Answer<'/api/pickup-vouchers/{key}', 'put'>, { key: string } & ParcelsBody>({
        query: ({ key, parcels }) => ({ url: `${VOUCHER_PATHS.pickup}/${segment(key)}`, method: 'PUT', body: { parcels } }),
        invalidatesTags: write('pickupVouchers'),
      }),
      /** PUT /api/pickup-vouchers/parcels/{parcel}: the parcel leaves its open voucher, back to new. */
      removeFromPickupVoucher: build.mutation<Answer<'/api/pickup-vouchers/parcels/{parcelKey}', 'put'>, string>({
        query: (parcel) => ({ url: `${VOUCHER_PATHS.pickup}/parcels/${segment(parcel)}`, method: 'PUT', body: {} }),
        invalidatesTags: write('pickupVouchers'),
      }),
      deletePickupVoucher: pickup.remove,
      /** PUT /api/pickup-vouchers/pickup: the ticked parcels are picked up, the others go back to new. */
      receivePickupVoucher: build.mutation<Answer<'/api/pickup-vouchers/pickup', 'put'>, Body<'/api/pickup-vouchers/pickup', 'put'>>({
        query: (body) => ({ url: `${VOUCHER_PATHS.pickup}/pickup`, method: 'PUT', body }),
        invalidatesTags: write('pickupVouchers'),
      }),
      /** PUT /api/parcels/delivery: one exit voucher; the parcels go out for delivery. */
      shipParcels: build.mutation<Answer<'/api/parcels/delivery', 'put', 201>, ShipBody>({
        query: (body) => ({ url: 'parcels/delivery', method: 'PUT', body }),
        invalidatesTags: write('exitVouchers'),
      }),
      /** POST /api/return-vouchers: refused and cancelled parcels go back (returning). */
      createReturnVoucher: build.mutation<Answer<'/api/return-vouchers', 'post', 201>, ReturnBody>({
        query: (body) => ({ url: VOUCHER_PATHS.return, method: 'POST', body }),
        invalidatesTags: write('returnVouchers'),
      }),
      /** PUT /api/return-vouchers/{key}/receive: its parcels are back at the hub (returned). */
      receiveReturnVoucher: build.mutation<Answer<'/api/return-vouchers/{key}/receive', 'put'>, string>({
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
