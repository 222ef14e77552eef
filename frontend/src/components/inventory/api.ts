// The stock endpoints (/work contract "inventory", docs/api.md "inventories"). Kept free of UI
// code: the dashboard and the parcel form use them too.
import { api } from '../../core/api';
import type { ListResponse } from '../../core/collections';
import { listParams, type ItemResponse } from '../../core/crud';
import type { ParcelStatus } from '../parcel/api';
import type { ListArgs } from '../table/useListState';

export type InventoryMerchantStatus = 'pending' | 'active' | 'suspended';
export type MovementType = 'entry' | 'exit' | 'return' | 'adjustment';
export type MovementState = 'pending' | 'validated' | 'rejected';

export interface MerchantRef {
  key: string;
  name: string;
  company?: string | null;
}

/** GET /api/inventory/clients item: a merchant's stock service. */
export interface InventoryMerchant {
  key: string;
  client: MerchantRef;
  status: InventoryMerchantStatus;
  status_label: string;
  products: number;
  created_at: string;
  decided_at: string | null;
}

/** GET /api/inventories item: one product of a merchant. */
export interface Inventory {
  key: string;
  sku: string;
  name: string;
  alert_threshold: number | null;
  on_hand: number;
  reserved: number;
  available: number;
  low: boolean;
  pending_entries: number;
  client: MerchantRef;
  created_at: string;
  updated_at: string;
}

export interface Person {
  name: string;
  role: string;
}

/** GET /api/inventories/movements item. */
export interface Movement {
  key: string;
  code: string;
  inventory: { key: string; sku: string; name: string };
  client: MerchantRef;
  type: MovementType;
  type_label: string;
  state: MovementState;
  state_label: string;
  quantity: number;
  received_quantity: number | null;
  comment: string | null;
  parcel: { key: string; code: string } | null;
  entry_slip: string | null;
  author: Person;
  decided_by: Person | null;
  /** The admin's word on the receipt (required when the quantity received differs from the declared one). */
  decision_comment: string | null;
  created_at: string;
  decided_at: string | null;
  deletable: boolean;
}

/** Units of a product held by a parcel until it leaves the hub. */
export interface Reservation {
  /** The parcel's tracking code. */
  parcel: string;
  quantity: number;
  status: ParcelStatus;
  status_label: string;
  recipient_name: string;
  created_at: string;
}

export interface InventoryDetail extends Inventory {
  movements: Movement[];
  /** The parcels holding the reserved units, newest first (at most 200). */
  reservations: Reservation[];
}

export interface InventoryBody {
  sku?: string;
  name: string;
  alert_threshold?: number | null;
}

export interface StockLineBody {
  inventory: string;
  quantity: number;
}

export interface EntrySlip {
  key: string;
  code: string;
  created_at: string;
  movements: Movement[];
}

export interface MovementBody {
  inventory: string;
  type: 'entry' | 'adjustment';
  quantity: number;
  comment?: string;
}

export interface DecideBody {
  state: 'validated' | 'rejected';
  quantity?: number;
  /** At most 500 characters; the server requires it when `quantity` differs from the declared one. */
  comment?: string;
}

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
    updateInventory: build.mutation<ItemResponse<Inventory>, { key: string; body: Partial<InventoryBody> }>({
      query: ({ key, body }) => ({ url: `inventories/${segment(key)}`, method: 'PUT', body }),
      invalidatesTags: ['inventories'],
    }),
    importInventories: build.mutation<ItemResponse<{ created: number }>, File>({
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
    declareEntries: build.mutation<ItemResponse<EntrySlip>, { lines: StockLineBody[]; comment?: string }>({
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
