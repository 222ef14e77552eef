// The parcel endpoints (docs/api.md, "parcels"). Kept free of UI code: the top-bar search of
// the layout uses the list call too.
import { api } from '../../core/api';
import type { ItemResponse } from '../../core/crud';
import { openPdf } from '../pdf';
import type { ListArgs } from '../table/useListState';

/** Status keys of the domain rules, in the order of the flow. */
export const PARCEL_STATUSES = [
  'new',
  'awaiting_pickup',
  'picked_up',
  'out_for_delivery',
  'no_answer',
  'unreachable',
  'wrong_number',
  'postponed',
  'scheduled',
  'delivered',
  'refused',
  'cancelled',
  'returning',
  'returned',
  'lost',
  'damaged',
] as const;

export type ParcelStatus = (typeof PARCEL_STATUSES)[number];

export type ParcelKind = 'standard' | 'exchange' | 'refund';

/**
 * Where a delivered parcel's COD stands for its merchant (« payé sur les espèces encaissées »):
 * `awaiting_cash` the delivery person still holds the cash (not payable yet), `to_pay` the cash is
 * in (on a validated delivery invoice, or paid in advance by the company's setting), `paid` on a
 * paid client invoice.
 */
export type PayoutState = 'awaiting_cash' | 'to_pay' | 'paid';

/** What the caller may do with a parcel now (computed by the server). */
export type ParcelAction = 'edit' | 'delete' | 'cancel' | 'change-address' | 'state' | 'reassign' | 'acknowledge-address';

/** The list views of the API (`?view=`). */
export type ParcelListView =
  | 'all'
  | 'new'
  | 'not-picked-up'
  | 'pickup'
  | 'sent'
  | 'shipped'
  | 'delivered'
  | 'canceled'
  | 'returned'
  | 'to-be-returned'
  | 'refunds'
  | 'exchanges'
  | 'change-address';

/** A line of stock packed in a parcel (reserved at creation). */
export interface ParcelStockLine {
  inventory: { key: string; sku: string; name: string };
  quantity: number;
}

/** GET /api/parcels item. Money in centimes. */
export interface Parcel {
  /** The tracking code. */
  key: string;
  shop: string;
  shop_name: string;
  client: string;
  client_name: string;
  reference: string | null;
  recipient_name: string;
  recipient_phone: string;
  recipient_phone_alt: string | null;
  city: string;
  city_name: string;
  address: string;
  cod_amount: number;
  product: string;
  quantity: number;
  note: string | null;
  can_open: boolean;
  can_try: boolean;
  fragile: boolean;
  kind: ParcelKind;
  original_parcel: string | null;
  item_to_collect: string | null;
  fees: { delivery: number; return: number; refusal: number };
  status: ParcelStatus;
  status_label: string;
  /** Null unless the status is `delivered`. */
  payout_state: PayoutState | null;
  attempts: number;
  postponed_to: string | null;
  delivery_admin: string | null;
  delivery_admin_name: string | null;
  address_change_pending: boolean;
  actions: ParcelAction[];
  /**
   * Until when the caller may undo the parcel's latest status change (POST parcels/{key}/undo):
   * set in the answer of an outcome and of one parcel, null (or absent) otherwise.
   */
  undo_until?: string | null;
  /** What the parcel's merchant requires on « Livré » (the delivery person's view only). */
  proof_required?: ProofPolicy;
  /** Keys of the invoices the parcel is on, null when none (a merchant sees his validated or paid ones only). */
  client_completed_invoice?: string | null;
  client_returned_invoice?: string | null;
  delivery_admin_invoice?: string | null;
  /** The products of the merchant's stock packed in the parcel (empty when none). */
  stock_lines?: ParcelStockLine[];
  created_at: string;
  updated_at: string;
}

/** `meta` of a keyset list: counted on page 1 only (up to 1 000), `next_cursor` for the next page. */
export interface ParcelListMeta {
  page: number;
  per_page: number;
  total: number | null;
  total_capped: boolean;
  next_cursor: string | null;
}

export interface ParcelList {
  data: Parcel[];
  meta: ParcelListMeta;
}

export interface ParcelListArgs extends Partial<ListArgs> {
  view?: ParcelListView;
  /** Comma-separated status keys. */
  status?: string;
  city?: string;
  shop?: string;
  client?: string;
  delivery_admin?: string;
  from?: string;
  to?: string;
  cursor?: string;
}

/** What the server wrote in a history line: a code and its values, rendered per language. */
export interface HistoryNote {
  code: string;
  values: Record<string, string | number | null>;
}

/** One line of a parcel's history (GET /api/parcels/{key}/states), oldest first. */
export interface ParcelStateEntry {
  status: ParcelStatus;
  /** In the language sent as Accept-Language. */
  status_label: string;
  /** What a person wrote (older lines: the server's French text). */
  comment: string | null;
  /** What the server wrote, when it did (absent from older lines). */
  note?: HistoryNote | null;
  /** The line rendered by the server in the request's language: the note, else the comment. */
  text?: string | null;
  date: string | null;
  user_name: string | null;
  /** When it happened (an outcome from the phone's queue: when the delivery person recorded it). */
  created_at: string;
  /** When the server got it, when later than `created_at` (recorded offline, sent later); null otherwise. */
  received_at?: string | null;
}

/** What a merchant sends to create (POST) or edit (PUT) a parcel. */
export interface ParcelBody {
  shop: string;
  reference?: string | null;
  recipient_name: string;
  recipient_phone: string;
  recipient_phone_alt?: string | null;
  /** City key (or name). */
  city: string;
  address: string;
  cod_amount: number | null;
  product: string;
  quantity?: number | null;
  note?: string | null;
  can_open?: boolean;
  can_try?: boolean;
  fragile?: boolean;
  kind?: ParcelKind;
  original_parcel?: string | null;
  item_to_collect?: string | null;
  /** Products of the merchant's stock to pack (creation only; needs an active stock service). */
  stock_lines?: Array<{ inventory: string; quantity: number }>;
}

export interface AddressBody {
  recipient_phone?: string;
  recipient_phone_alt?: string | null;
  city?: string;
  address?: string;
}

export interface StateBody {
  parcel: string;
  status: ParcelStatus;
  comment?: string;
  /** `YYYY-MM-DD`. */
  date?: string;
  /** With `delivered` only. */
  proof?: ProofBody;
  /** RFC 3339: when the outcome was recorded, sent from the offline queue (the server dates it so). */
  recorded_at?: string;
}

/** What a merchant requires of the delivery person on « Livré ». */
export type ProofPolicy = 'none' | 'signature' | 'photo';

/** A proof of delivery as sent with « Livré »: images as data URLs. */
export interface ProofBody {
  signature?: string;
  photo?: string;
  /** Who signed, when not the recipient. */
  signed_by?: string;
  position?: { latitude: number; longitude: number; accuracy?: number };
  /** RFC 3339: when it was recorded on the phone. */
  recorded_at?: string;
}

/** GET /api/parcels/{key}/proofs item. */
export interface ProofView {
  key: string;
  status: ParcelStatus;
  has_signature: boolean;
  has_photo: boolean;
  signed_by: string | null;
  latitude: number | null;
  longitude: number | null;
  accuracy_m: number | null;
  bytes: number;
  recorded_by_name: string | null;
  recorded_at: string;
  created_at: string;
}

/** The URL of one image of a proof (the cookie session authenticates it). */
export function proofImageUrl(parcel: string, proof: string, part: 'signature' | 'photo'): string {
  return `/api/parcels/${encodeURIComponent(parcel)}/proofs/${encodeURIComponent(proof)}/${part}`;
}

/** One row of an import file as the server read it, with its errors by field. */
export interface ImportRow {
  line: number;
  input: Partial<Omit<ParcelBody, 'cod_amount'>> & { cod_amount?: number | null };
  errors: Record<string, string[]>;
}

export interface ImportPreview {
  rows: ImportRow[];
  valid_count: number;
  error_count: number;
}

export interface ImportResult {
  created: number;
  keys: string[];
}

export interface ImportArgs {
  file: Blob;
  /** The shop (key) of the rows that name none. */
  shop?: string;
}

/** The MIME type to send a chosen file with (browsers leave `type` empty for some CSV files). */
export function importContentType(file: { name: string; type: string }): string {
  if (file.type) return file.type;
  return /\.xlsx$/i.test(file.name)
    ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
    : 'text/csv';
}

const segment = encodeURIComponent;

/** Parcel writes change the lists, the parcel, its history and the dashboards. */
// A parcel's stock lines reserve, release and move stock: its writes refresh the stock lists too.
export const WRITES = ['parcels', 'statistics', 'inventories', 'inventoriesMovements'] as const;

function importQuery({ file, shop }: ImportArgs, dryRun: boolean) {
  const params: Record<string, string> = {};
  if (dryRun) params.dry_run = 'true';
  if (shop) params.shop = shop;
  return {
    url: 'parcels/import',
    method: 'POST',
    params,
    body: file,
    headers: { 'Content-Type': importContentType(file as File) },
  };
}

/** POST parcels/states, under an `Idempotency-Key` when one is given. */
function stateRequest({ idempotencyKey, ...body }: StateBody & { idempotencyKey?: string }) {
  return {
    url: 'parcels/states',
    method: 'POST',
    body,
    ...(idempotencyKey ? { headers: { 'Idempotency-Key': idempotencyKey } } : {}),
  };
}

export const parcelsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listParcels: build.query<ParcelList, ParcelListArgs>({
      query: (args) => {
        const params: Record<string, string | number | boolean> = {};
        for (const [name, value] of Object.entries(args)) {
          if (value !== undefined && value !== '') params[name] = value;
        }
        return { url: 'parcels', params };
      },
      providesTags: ['parcels'],
    }),
    getParcel: build.query<ItemResponse<Parcel>, string>({
      query: (key) => `parcels/${segment(key)}`,
      providesTags: (_result, _error, key) => [{ type: 'parcels', id: key }],
    }),
    parcelStates: build.query<{ data: ParcelStateEntry[] }, string>({
      query: (key) => `parcels/${segment(key)}/states`,
      providesTags: (_result, _error, key) => [{ type: 'parcels', id: `states:${key}` }],
    }),
    parcelProofs: build.query<{ data: ProofView[] }, string>({
      query: (key) => `parcels/${segment(key)}/proofs`,
      providesTags: (_result, _error, key) => [{ type: 'parcels', id: `proofs:${key}` }],
    }),
    createParcel: build.mutation<ItemResponse<Parcel>, ParcelBody>({
      query: (body) => ({ url: 'parcels', method: 'POST', body }),
      invalidatesTags: [...WRITES],
    }),
    updateParcel: build.mutation<ItemResponse<Parcel>, { key: string; body: Partial<ParcelBody> }>({
      query: ({ key, body }) => ({ url: `parcels/${segment(key)}`, method: 'PUT', body }),
      invalidatesTags: [...WRITES],
    }),
    deleteParcel: build.mutation<null, string>({
      query: (key) => ({ url: `parcels/${segment(key)}`, method: 'DELETE' }),
      invalidatesTags: [...WRITES],
    }),
    cancelParcel: build.mutation<ItemResponse<Parcel>, { key: string; comment?: string }>({
      query: ({ key, comment }) => ({ url: `parcels/${segment(key)}/cancel`, method: 'PUT', body: comment ? { comment } : {} }),
      invalidatesTags: [...WRITES],
    }),
    changeAddress: build.mutation<ItemResponse<Parcel>, { key: string; body: AddressBody }>({
      query: ({ key, body }) => ({ url: `parcels/${segment(key)}/change-address`, method: 'PUT', body }),
      invalidatesTags: [...WRITES],
    }),
    acknowledgeAddress: build.mutation<ItemResponse<Parcel>, string>({
      query: (key) => ({ url: `parcels/${segment(key)}/acknowledge-address`, method: 'PUT', body: {} }),
      invalidatesTags: [...WRITES],
    }),
    /** `idempotencyKey`: the server applies the outcome once, whatever the retries. */
    postState: build.mutation<ItemResponse<Parcel>, StateBody & { idempotencyKey?: string }>({
      query: stateRequest,
      invalidatesTags: [...WRITES],
    }),
    /**
     * An outcome from the offline queue: as postState, without refreshing the lists after each
     * one (the queue refreshes them once it is sent: `WRITES`).
     */
    sendQueuedState: build.mutation<ItemResponse<Parcel>, StateBody & { idempotencyKey: string }>({
      query: stateRequest,
    }),
    /** Takes back one's own latest outcome, minutes after recording it (409 with the reason otherwise). */
    undoState: build.mutation<ItemResponse<Parcel>, string>({
      query: (key) => ({ url: `parcels/${segment(key)}/undo`, method: 'POST' }),
      invalidatesTags: [...WRITES],
    }),
    reassignParcels: build.mutation<{ data: Parcel[] }, { deliveryPerson: string; parcels: string[]; comment?: string }>({
      query: ({ deliveryPerson, parcels, comment }) => ({
        url: `parcels/delivery-admins/${segment(deliveryPerson)}`,
        method: 'PUT',
        body: comment ? { parcels, comment } : { parcels },
      }),
      invalidatesTags: [...WRITES],
    }),
    previewImport: build.mutation<ImportPreview, ImportArgs>({
      query: (args) => importQuery(args, true),
    }),
    importParcels: build.mutation<ImportResult, ImportArgs>({
      query: (args) => importQuery(args, false),
      invalidatesTags: [...WRITES],
    }),
  }),
});

export const {
  useListParcelsQuery,
  useGetParcelQuery,
  useParcelStatesQuery,
  useParcelProofsQuery,
  useCreateParcelMutation,
  useUpdateParcelMutation,
  useDeleteParcelMutation,
  useCancelParcelMutation,
  useChangeAddressMutation,
  useAcknowledgeAddressMutation,
  usePostStateMutation,
  useSendQueuedStateMutation,
  useUndoStateMutation,
  useReassignParcelsMutation,
  usePreviewImportMutation,
  useImportParcelsMutation,
} = parcelsApi;

/** The URL of the labels PDF of some parcels (the cookie session authenticates it). */
export function labelsUrl(keys: readonly string[], layout: LabelLayout): string {
  return `/api/parcels/labels?parcels=${keys.map(segment).join(',')}&layout=${layout}`;
}

/** A6: one label per page; A4: four labels per page. */
export type LabelLayout = 'a6' | 'a4';

/** Opens the labels PDF in a pop-up window of 1000 by 600 (specification, "PDF"). */
export function openLabels(keys: readonly string[], layout: LabelLayout): Window | null {
  return openPdf(labelsUrl(keys, layout), 'colivra-labels');
}
