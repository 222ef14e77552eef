import { api } from '../../core/api';
import { useAppDispatch } from '../../core/hooks';
import type { ListResponse } from '../../core/collections';
import { crudEndpoints, listParams, type ItemResponse, type UpdateArgs } from '../../core/crud';
import type { ListArgs } from '../table/useListState';
import type { CertificateChoice, CertificateType } from './certificate';

export type BankAccountChangeStatus = 'pending' | 'approved' | 'refused' | 'replaced';

/** A shop's latest RIB change (asked by the merchant or made by the staff). */
export interface BankAccountChangeRef {
  key: string;
  /** The RIB asked for: in full for the shop's merchant, `•••• 1234` for staff. */
  bank_account: string;
  status: BankAccountChangeStatus;
  /** The staff's reason, on a refusal. */
  comment: string | null;
  requested_at: string;
  decided_at: string | null;
  /**
   * The bank's certificate attached to it, when the answer says (the shop view does not yet:
   * the merchant's screen then knows only the one he attached on this page).
   */
  certificate?: CertificateRef | null;
}

/** The bank's certificate (attestation de RIB) attached to a RIB change. */
export interface CertificateRef {
  media_type: CertificateType;
  uploaded_at: string;
}

/** The RIB a pending change asks for, whole and split, to check against the certificate. */
export interface RequestedRib {
  /** 3 digits. */
  bank_code: string;
  /** Null when the code is no bank the server knows. */
  bank_name: string | null;
  /** 3 digits: the bank's locality. */
  city_code: string;
  /** 16 digits. */
  account_number: string;
  /** 2 digits. */
  check_key: string;
}

/** GET /api/shops item. */
export interface Shop {
  key: string;
  name: string;
  phone: string;
  address: string;
  /** City key. */
  city: string;
  city_name: string;
  /** The approved RIB (where transfers go): in full for the shop's merchant, `•••• 1234` for staff; null when none. */
  bank_account: string | null;
  bank_account_change?: BankAccountChangeRef | null;
  /** Merchant key. */
  client: string;
  created_at: string;
  updated_at: string;
}

export interface ShopBody {
  name: string;
  phone: string;
  address: string;
  city: string;
  bank_account?: string;
}

/** The answer of a shop edit: `requested` when a new RIB now waits for the staff's approval (202). */
export interface ShopUpdated extends ItemResponse<Shop> {
  requested: boolean;
}

interface Person {
  key: string;
  name: string;
}

/** GET /api/shops/bank-account-changes item: RIBs masked but for their last 4 digits. */
export interface BankAccountChange {
  key: string;
  shop: { key: string; name: string };
  client: Person;
  old_bank_account: string | null;
  bank_account: string;
  status: BankAccountChangeStatus;
  comment: string | null;
  requested_by: Person | null;
  requested_at: string;
  decided_by: Person | null;
  decided_at: string | null;
  /** The bank's certificate the merchant attached (opened at `certificateUrl(key)`), null when none. */
  certificate: CertificateRef | null;
  /** While pending: the whole RIB asked for, split (null once decided: masked as `bank_account`). */
  requested: RequestedRib | null;
  /**
   * While pending: the shop's validated, unpaid client invoices (delivered parcels), which the
   * next transfer file pays to the RIB approved then, so to this one if it is approved. Empty
   * once decided (absent from older answers).
   */
  unpaid_invoices?: BankAccountChangeInvoice[];
}

/** A client invoice a RIB decision moves. */
export interface BankAccountChangeInvoice {
  key: string;
  number: string | null;
  /** Centimes. */
  total: number;
}

export interface BankAccountChangeArgs extends ListArgs {
  status?: BankAccountChangeStatus;
  client?: string;
  shop?: string;
}

export interface DecisionArgs {
  key: string;
  status: 'approved' | 'refused';
  comment?: string;
}

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
      updateShop: build.mutation<ShopUpdated, UpdateArgs<ShopBody>>({
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
