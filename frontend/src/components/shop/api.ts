import { api } from '../../core/api';
import type { Body, Schema } from '../../core/apiTypes';
import { useAppDispatch } from '../../core/hooks';
import type { ListResponse } from '../../core/collections';
import { crudEndpoints, listParams, type ItemResponse } from '../../core/crud';
import type { ListArgs } from '../table/useListState';
import type { CertificateChoice } from './certificate';

export type BankAccountChangeStatus = Schema<'BankAccountChangeStatus'>;

/** A shop's latest RIB change (asked by the merchant or made by the staff). */
export type BankAccountChangeRef = Schema<'BankAccountChangeRef'>;

/** The bank's certificate (attestation de RIB) attached to a RIB change. */
export type CertificateRef = Schema<'CertificateRef'>;

/** GET /api/shops item. */
export type Shop = Schema<'ShopView'>;

export type ShopBody = Body<'/api/shops', 'post'>;

/** The answer of a shop edit: `requested` when a new RIB now waits for the staff's approval (202). */
export interface ShopUpdated extends ItemResponse<Shop> {
  requested: boolean;
}

/** GET /api/shops/bank-account-changes item: RIBs masked but for their last 4 digits. */
export type BankAccountChange = Schema<'BankAccountChangeView'>;

/** A client invoice a RIB decision moves. */
export type BankAccountChangeInvoice = Schema<'ChangeInvoiceRef'>;

export interface BankAccountChangeArgs extends ListArgs {
  status?: BankAccountChangeStatus;
  client?: string;
  shop?: string;
}

export type DecisionArgs = { key: string } & Body<'/api/shops/bank-account-changes/{key}', 'put'>;

/** PUT shops/bank-account-changes/{key}/certificate: the checked file as the raw body. */
export interface CertificateUpload {
  /** The change's key. */
  key: string;
  choice: Extract<CertificateChoice, { type: string }>;
}

/** Where a change's certificate is served (inline, never cached) to its merchant and admins. */
export function certificateUrl(changeKey: string): string {
  return `/api/shops/bank-account-changes/${encodeURIComponent(changeKey)}/certificate`;
}

/**
 * The cache key of a change's certificate upload: the pending change on the merchant's shop
 * shows the upload made from the shop form (busy, then the certificate) and its own.
 */
export const certificateUploadKey = (changeKey: string) => `bank-account-certificate:${changeKey}`;

export const shopsApi = api.injectEndpoints({
  endpoints: (build) => {
    // The list shows city names: a renamed city refreshes it.
    const shops = crudEndpoints<Shop, ShopBody>(build, { path: 'shops', tag: 'shops', alsoProvides: ['cities'] });
    return {
      listShops: shops.list,
      createShop: shops.create,
      updateShop: build.mutation<ShopUpdated, { key: string; body: Body<'/api/shops/{key}', 'put'> }>({
        query: ({ key, body }) => ({ url: `shops/${encodeURIComponent(key)}`, method: 'PUT', body }),
        transformResponse: (response: ItemResponse<Shop>, meta: { response?: Response } | undefined) => ({
          ...response,
          requested: meta?.response?.status === 202,
        }),
        // A staff edit of a RIB is kept as a change too; unpaid shops show the RIB.
        invalidatesTags: ['shops', 'bankAccountChanges', 'shopsUnpaid'],
      }),
      listBankAccountChanges: build.query<ListResponse<BankAccountChange>, BankAccountChangeArgs | void>({
        query: (args) => ({ url: 'shops/bank-account-changes', params: listParams(args) }),
        providesTags: ['bankAccountChanges'],
      }),
      decideBankAccountChange: build.mutation<ItemResponse<BankAccountChange>, DecisionArgs>({
        query: ({ key, ...body }) => ({ url: `shops/bank-account-changes/${encodeURIComponent(key)}`, method: 'PUT', body }),
        // An approval changes the shop's RIB, which shops, unpaid shops and draft invoices show.
        invalidatesTags: ['bankAccountChanges', 'shops', 'shopsUnpaid', 'clientsInvoices'],
      }),
      attachBankAccountCertificate: build.mutation<ItemResponse<BankAccountChange>, CertificateUpload>({
        query: ({ key, choice }) => ({
          url: `shops/bank-account-changes/${encodeURIComponent(key)}/certificate`,
          method: 'PUT',
          body: choice.file,
          headers: { 'Content-Type': choice.type },
        }),
        invalidatesTags: ['bankAccountChanges'],
      }),
    };
  },
});

export const {
  useListShopsQuery,
  useCreateShopMutation,
  useUpdateShopMutation,
  useListBankAccountChangesQuery,
  useDecideBankAccountChangeMutation,
} = shopsApi;

/** A change's certificate upload (its state and answer), whoever started it. */
export function useCertificateUpload(changeKey: string) {
  return shopsApi.useAttachBankAccountCertificateMutation({ fixedCacheKey: certificateUploadKey(changeKey) });
}

/** Uploads to a change known only once the form saved the RIB (the 202's pending change). */
export function useUploadCertificate() {
  const dispatch = useAppDispatch();
  return (upload: CertificateUpload) =>
    dispatch(shopsApi.endpoints.attachBankAccountCertificate.initiate(upload, { fixedCacheKey: certificateUploadKey(upload.key) })).unwrap();
}
