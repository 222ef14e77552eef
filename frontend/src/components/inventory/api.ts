// The stock endpoints (/work contract "inventory", docs/api.md "inventories"). Kept free of UI
// code: the dashboard and the parcel form use them too.
import { api } from '../../core/api';
import type { Body, Schema } from '../../core/apiTypes';
import type { ListResponse } from '../../core/collections';
import { listParams, type ItemResponse } from '../../core/crud';
import type { ListArgs } from '../table/useListState';

// The values of `status`, `type` and `state`, which the document types as strings.
export type InventoryMerchantStatus = 'pending' | 'active' | 'suspended';
export type MovementType = 'entry' | 'exit' | 'return' | 'adjustment';
export type MovementState = 'pending' | 'validated' | 'rejected';

/** GET /api/inventory/clients item: a merchant's stock service. */
export type InventoryMerchant = Schema<'InventoryMerchantView'>;

/** GET /api/inventories item: one product of a merchant. */
export type Inventory = Schema<'InventoryView'>;

/** GET /api/inventories/movements item. */
export type Movement = Schema<'MovementView'>;

/** Units of a product held by a parcel until it leaves the hub; `status` is the parcel's. */
export type Reservation = Schema<'Reservation'>;

/** A product with the parcels holding its reserved units, newest first (at most 200). */
export type InventoryDetail = Schema<'InventoryDetail'>;

/**
 * POST /api/inventories and PUT /api/inventories/{key} both read an `InventoryInput` (the SKU is
 * fixed once created); creation answers 422 without a SKU or a name.
 */
export type InventoryBody = Schema<'InventoryInput'>;

export type StockLineBody = Schema<'EntryLine'>;

export type EntrySlip = Schema<'EntrySlipView'>;

export type MovementBody = Body<'/api/inventories/movements', 'post'>;

/** `comment` is required when `quantity` differs from the declared one. */
export type DecideBody = Body<'/api/inventories/movements/{key}', 'put'>;

/** Query of GET /api/inventories/movements. */
export interface MovementListArgs extends ListArgs {
  inventory?: string;
  type?: MovementType;
  state?: MovementState;
  client?: string;
  /** A parcel's tracking code. */
  parcel?: string;
  /** As scanned: the movement's code, its parcel's tracking code or its entry slip's code (any case). */
  code?: string;
}

const segment = (key: string) => encodeURIComponent(key);

/** The printable entry slip. */
export function entrySlipPdfUrl(key: string): string {
  return `/api/inventories/entries/${segment(key)}/pdf`;
}

export const INVENTORY_TEMPLATE_URL = '/api/inventories/import/template';

const STOCK = ['inventories', 'inventoriesMovements', 'inventoryClients'] as const;

export const inventoryApi = api.injectEndpoints({
  endpoints: (build) => ({
    listInventoryMerchants: build.query<ListResponse<InventoryMerchant>, ListArgs | void>({
      query: (args) => ({ url: 'inventory/clients', params: listParams(args) }),
      providesTags: ['inventoryClients'],
    }),
    requestStockService: build.mutation<ItemResponse<InventoryMerchant>, void>({
      query: () => ({ url: 'inventory/clients', method: 'POST' }),
      invalidatesTags: ['inventoryClients'],
    }),
    decideInventoryMerchant: build.mutation<ItemResponse<InventoryMerchant>, { key: string; status: InventoryMerchantStatus }>({
      query: ({ key, status }) => ({ url: `inventory/clients/${segment(key)}`, method: 'PUT', body: { status } }),
      invalidatesTags: ['inventoryClients'],
    }),
    listInventories: build.query<ListResponse<Inventory>, ListArgs | void>({
      query: (args) => ({ url: 'inventories', params: listParams(args) }),
      providesTags: ['inventories'],
    }),
    getInventory: build.query<ItemResponse<InventoryDetail>, string>({
      query: (key) => `inventories/${segment(key)}`,
      providesTags: ['inventories', 'inventoriesMovements'],
    }),
    createInventory: build.mutation<ItemResponse<Inventory>, InventoryBody>({
      query: (body) => ({ url: 'inventories', method: 'POST', body }),
      invalidatesTags: [...STOCK],
    }),
    updateInventory: build.mutation<ItemResponse<Inventory>, { key: string; body: InventoryBody }>({
      query: ({ key, body }) => ({ url: `inventories/${segment(key)}`, method: 'PUT', body }),
      invalidatesTags: ['inventories'],
    }),
    importInventories: build.mutation<ItemResponse<Schema<'ProductImportResult'>>, File>({
      query: (file) => {
        const body = new FormData();
        body.append('file', file);
        return { url: 'inventories/import', method: 'POST', body };
      },
      invalidatesTags: [...STOCK],
    }),
    listMovements: build.query<ListResponse<Movement>, MovementListArgs | void>({
      query: (args) => ({ url: 'inventories/movements', params: listParams(args) }),
      providesTags: ['inventoriesMovements'],
    }),
    createMovement: build.mutation<ItemResponse<Movement>, MovementBody>({
      query: (body) => ({ url: 'inventories/movements', method: 'POST', body }),
      invalidatesTags: [...STOCK],
    }),
    declareEntries: build.mutation<ItemResponse<EntrySlip>, Body<'/api/inventories/entries', 'post'>>({
      query: (body) => ({ url: 'inventories/entries', method: 'POST', body }),
      invalidatesTags: [...STOCK],
    }),
    decideMovement: build.mutation<ItemResponse<Movement>, { key: string; body: DecideBody }>({
      query: ({ key, body }) => ({ url: `inventories/movements/${segment(key)}`, method: 'PUT', body }),
      invalidatesTags: [...STOCK],
    }),
    deleteMovement: build.mutation<null, string>({
      query: (key) => ({ url: `inventories/movements/${segment(key)}`, method: 'DELETE' }),
      invalidatesTags: [...STOCK],
    }),
  }),
});

export const {
  useListInventoryMerchantsQuery,
  useRequestStockServiceMutation,
  useDecideInventoryMerchantMutation,
  useListInventoriesQuery,
  useGetInventoryQuery,
  useCreateInventoryMutation,
  useUpdateInventoryMutation,
  useImportInventoriesMutation,
  useListMovementsQuery,
  useLazyListMovementsQuery,
  useCreateMovementMutation,
  useDeclareEntriesMutation,
  useDecideMovementMutation,
  useDeleteMovementMutation,
} = inventoryApi;

/** One page of one row: only the count is read. */
export const ONE = { page: 1, per_page: 1 } as const;

/** The signed-in merchant's stock service: his row, or null when he never asked. */
export function useStockService(skip = false) {
  const result = useListInventoryMerchantsQuery(ONE, { skip });
  return { service: result.data?.data[0] ?? null, ...result };
}
