// The parcel endpoints (docs/api.md, "parcels"). Kept free of UI code: the top-bar search of
// the layout uses the list call too.
import { api } from '../../core/api';
import type { Answer, Body, Listed, Query, Schema } from '../../core/apiTypes';
import { openPdf } from '../pdf';
import type { ListArgs } from '../table/useListState';

/**
 * Status keys of the domain rules, in the order of the flow: an order waits « à confirmer » (the
 * company's agents call the recipient) before it is a new parcel, when its merchant or the
 * recipient's band asks for it.
 */
export const PARCEL_STATUSES = [
  'to_confirm',
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
] as const satisfies readonly Schema<'Status'>[];

export type ParcelStatus = Schema<'Status'>;

/** A status the server adds and PARCEL_STATUSES lacks fails the type check here. */
export type EveryStatusListed = Listed<Exclude<ParcelStatus, (typeof PARCEL_STATUSES)[number]>>;

export type ParcelKind = Schema<'ParcelKind'>;

/**
 * Where a delivered parcel's COD stands for its merchant (« payé sur les espèces encaissées »):
 * `awaiting_cash` the delivery person still holds the cash (not payable yet), `to_pay` the cash is
 * in (on a validated delivery invoice, or paid in advance by the company's setting), `paid` on a
 * paid client invoice.
 */
export type PayoutState = Schema<'PayoutState'>;

/** What the caller may do with a parcel now (computed by the server: the values of `Parcel.actions`). */
export type ParcelAction = 'edit' | 'delete' | 'cancel' | 'change-address' | 'state' | 'reassign' | 'acknowledge-address';

/** The list views of the API (`?view=`) the parcel screens show. */
export type ParcelListView = Exclude<NonNullable<Query<'/api/parcels', 'get'>['view']>, 'unpaid' | 'reimbursed'>;

/** GET /api/parcels item. Money in centimes. */
export type Parcel = Schema<'ParcelView'>;

/** A page of parcels. `meta` of this keyset list: counted on page 1 only (up to 1 000), `next_cursor` for the next page. */
export type ParcelList = Answer<'/api/parcels', 'get'>;

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

/**
 * What the server wrote in a history line: a code and its values, rendered per language. The
 * document allows any JSON value; the server writes strings, or numbers for counts, which the
 * messages interpolate.
 */
export type HistoryNote = Omit<Schema<'Note'>, 'values'> & { values: Record<string, string | number | null> };

/** One line of a parcel's history (GET /api/parcels/{key}/states), oldest first. */
export type ParcelStateEntry = Omit<Schema<'StateView'>, 'note'> & { note?: HistoryNote | null };

/**
 * What a merchant sends to create a parcel. `cod_amount` null: left empty in the form, the
 * server answers 422 for the field.
 */
export type ParcelBody = Omit<Body<'/api/parcels', 'post'>, 'cod_amount'> & { cod_amount: number | null };

/** What a merchant sends to edit a parcel (PUT): any of its fields. */
export type ParcelEditBody = Body<'/api/parcels/{key}', 'put'>;

export type AddressBody = Body<'/api/parcels/{key}/change-address', 'put'>;

export type StateBody = Body<'/api/parcels/states', 'post'>;

/** Where the phone was when an outcome was recorded (sent with it when the browser gives it). */
export type PositionBody = Schema<'PositionInput'>;

/** A position kept with an outcome, as the history shows it to the office. */
export type StatePosition = Schema<'StatePosition'>;

/** POST /api/parcels/{key}/calls: a call the delivery person placed from his round. */
export type CallBody = Body<'/api/parcels/{key}/calls', 'post'>;

/** What a merchant requires of the delivery person on « Livré ». */
export type ProofPolicy = Schema<'ProofPolicy'>;

/** A proof of delivery as sent with « Livré »: images as data URLs. */
export type ProofBody = Schema<'ProofInput'>;

/** GET /api/parcels/{key}/proofs item. */
export type ProofView = Schema<'ProofView'>;

/** The URL of one image of a proof (the cookie session authenticates it). */
export function proofImageUrl(parcel: string, proof: string, part: 'signature' | 'photo'): string {
  return `/api/parcels/${encodeURIComponent(parcel)}/proofs/${encodeURIComponent(proof)}/${part}`;
}

/** How much a recipient's past says about the next parcel (the company's thresholds decide). */
export type RecipientBand = Schema<'Band'>;

/** What creating a parcel for a recipient of a band does: warn the merchant, or refuse (422). */
export type BandAction = Schema<'BandAction'>;

/** A recipient's counts and band, as a parcel view and an import row carry them. */
export type RecipientHistorySummary = Schema<'RecipientHistorySummary'>;

/** GET /api/recipients/{phone}/history: a phone's counts across every merchant, its band and what creation does. */
export type RecipientHistory = Schema<'RecipientHistoryView'>;

/** One row of an import file as the server read it, with its errors by field. */
export type ImportRow = Schema<'ImportRow'>;

export type ImportPreview = Answer<'/api/parcels/import', 'post'>;

export type ImportResult = Answer<'/api/parcels/import', 'post', 201>;

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
    getParcel: build.query<Answer<'/api/parcels/{key}', 'get'>, string>({
      query: (key) => `parcels/${segment(key)}`,
      providesTags: (_result, _error, key) => [{ type: 'parcels', id: key }],
    }),
    parcelStates: build.query<{ data: ParcelStateEntry[] }, string>({
      query: (key) => `parcels/${segment(key)}/states`,
      providesTags: (_result, _error, key) => [{ type: 'parcels', id: `states:${key}` }],
    }),
    parcelProofs: build.query<Answer<'/api/parcels/{key}/proofs', 'get'>, string>({
      query: (key) => `parcels/${segment(key)}/proofs`,
      providesTags: (_result, _error, key) => [{ type: 'parcels', id: `proofs:${key}` }],
    }),
    createParcel: build.mutation<Answer<'/api/parcels', 'post', 201>, ParcelBody>({
      query: (body) => ({ url: 'parcels', method: 'POST', body }),
      invalidatesTags: [...WRITES],
    }),
    updateParcel: build.mutation<Answer<'/api/parcels/{key}', 'put'>, { key: string; body: ParcelEditBody }>({
      query: ({ key, body }) => ({ url: `parcels/${segment(key)}`, method: 'PUT', body }),
      invalidatesTags: [...WRITES],
    }),
    deleteParcel: build.mutation<null, string>({
      query: (key) => ({ url: `parcels/${segment(key)}`, method: 'DELETE' }),
      invalidatesTags: [...WRITES],
    }),
    cancelParcel: build.mutation<Answer<'/api/parcels/{key}/cancel', 'put'>, { key: string } & Body<'/api/parcels/{key}/cancel', 'put'>>({
      query: ({ key, comment }) => ({ url: `parcels/${segment(key)}/cancel`, method: 'PUT', body: comment ? { comment } : {} }),
      invalidatesTags: [...WRITES],
    }),
    changeAddress: build.mutation<Answer<'/api/parcels/{key}/change-address', 'put'>, { key: string; body: AddressBody }>({
      query: ({ key, body }) => ({ url: `parcels/${segment(key)}/change-address`, method: 'PUT', body }),
      invalidatesTags: [...WRITES],
    }),
    acknowledgeAddress: build.mutation<Answer<'/api/parcels/{key}/acknowledge-address', 'put'>, string>({
      query: (key) => ({ url: `parcels/${segment(key)}/acknowledge-address`, method: 'PUT', body: {} }),
      invalidatesTags: [...WRITES],
    }),
    /** `idempotencyKey`: the server applies the outcome once, whatever the retries. */
    postState: build.mutation<Answer<'/api/parcels/states', 'post'>, StateBody & { idempotencyKey?: string }>({
      query: stateRequest,
      invalidatesTags: [...WRITES],
    }),
    /**
     * An outcome from the offline queue: as postState, without refreshing the lists after each
     * one (the queue refreshes them once it is sent: `WRITES`).
     */
    sendQueuedState: build.mutation<Answer<'/api/parcels/states', 'post'>, StateBody & { idempotencyKey: string }>({
      query: stateRequest,
    }),
    /**
     * A call placed from the round, from the queue (in its place before the outcomes recorded
     * after it), under its `Idempotency-Key`. Nothing to refresh: no list shows it.
     */
    sendQueuedCall: build.mutation<Answer<'/api/parcels/{key}/calls', 'post', 201>, CallBody & { parcel: string; idempotencyKey: string }>({
      query: ({ parcel, idempotencyKey, ...body }) => ({
        url: `parcels/${segment(parcel)}/calls`,
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    }),
    /** Takes back one's own latest outcome, minutes after recording it (409 with the reason otherwise). */
    undoState: build.mutation<Answer<'/api/parcels/{key}/undo', 'post'>, string>({
      query: (key) => ({ url: `parcels/${segment(key)}/undo`, method: 'POST' }),
      invalidatesTags: [...WRITES],
    }),
    reassignParcels: build.mutation<
      Answer<'/api/parcels/delivery-admins/{deliveryAdmin}', 'put'>,
      { deliveryPerson: string } & Body<'/api/parcels/delivery-admins/{deliveryAdmin}', 'put'>
    >({
      query: ({ deliveryPerson, parcels, comment }) => ({
        url: `parcels/delivery-admins/${segment(deliveryPerson)}`,
        method: 'PUT',
        body: comment ? { parcels, comment } : { parcels },
      }),
      invalidatesTags: [...WRITES],
    }),
    /**
     * A recipient's history by phone (the national form, `0612345678`: 422 for a number that is
     * not Moroccan). Parcel writes refresh it: an outcome changes the counts.
     */
    recipientHistory: build.query<Answer<'/api/recipients/{phone}/history', 'get'>, string>({
      query: (phone) => `recipients/${segment(phone)}/history`,
      providesTags: (_result, _error, phone) => [{ type: 'parcels', id: `recipient:${phone}` }],
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
  useSendQueuedCallMutation,
  useUndoStateMutation,
  useReassignParcelsMutation,
  useRecipientHistoryQuery,
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
