// The collections the app keeps client-side (specification, section 7) and the bulk loader.
// A list path with dashes or slashes becomes a camelCase collection name:
// pickup-vouchers → pickupVouchers, delivery-admins/parcels/unpaid → deliveryAdminsParcelsUnpaid.
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { api, COLLECTION_TAGS } from './api';
import type { Schema } from './apiTypes';

export const COLLECTION_PATHS = [
  'statistics',
  'states',
  'shops',
  'cities',
  'parcels',
  'pickup-vouchers',
  'managers',
  'clients',
  'delivery-admins',
  'clients/invoices',
  'delivery-admins/invoices',
  'exit-vouchers',
  'return-vouchers',
  'announcements',
  'tickets',
  'admins',
  'delivery-admins/parcels/unpaid',
  'costs',
  'guides',
  'inventory/states',
  'inventory/types',
  'inventories',
  'inventories/movements',
  'inventory/clients',
] as const;

export type CollectionPath = (typeof COLLECTION_PATHS)[number];

type SlashToDash<S extends string> = S extends `${infer H}/${infer T}` ? `${H}-${SlashToDash<T>}` : S;
type DashToCamel<S extends string> = S extends `${infer H}-${infer T}`
  ? `${H}${Capitalize<DashToCamel<T>>}`
  : S;
/** camelCase collection name of a list path, at the type level. */
export type CollectionName<P extends string = CollectionPath> = DashToCamel<SlashToDash<P>>;

/** camelCase collection name of a list path. */
export function collectionName<P extends string>(path: P): CollectionName<P> {
  return path
    .split(/[-/]/)
    .filter((part) => part.length > 0)
    .map((part, index) => (index === 0 ? part : part.charAt(0).toUpperCase() + part.slice(1)))
    .join('') as CollectionName<P>;
}

/**
 * A list answer: `{data, meta}` (the short lists, e.g. the statuses, have no `meta`). Keyset lists
 * (parcels) count on their first page only (`total` null on cursor pages, `total_capped`) and give
 * `next_cursor`.
 */
export interface ListResponse<T = unknown> {
  data: T[];
  meta?: Schema<'PageMeta'>;
}

export type QueryParams = Record<string, string | number | boolean>;

/** Optional query parameters and sub-path of a collection load. */
export interface CollectionArgs {
  params?: QueryParams;
  subPath?: string;
}

export const collectionsApi = api.injectEndpoints({
  endpoints: (build) => {
    const define = (path: CollectionPath) =>
      build.query<ListResponse, CollectionArgs | void>({
        query: (args) => ({
          url: args?.subPath ? `${path}/${args.subPath}` : path,
          params: args?.params,
        }),
        providesTags: [collectionName(path) as (typeof COLLECTION_TAGS)[number]],
      });
    type Definition = ReturnType<typeof define>;
    const definitions = {} as Record<CollectionName, Definition>;
    for (const path of COLLECTION_PATHS) {
      definitions[collectionName(path)] = define(path);
    }
    return definitions;
  },
});

export type CollectionRequest = CollectionPath | ({ path: CollectionPath } & CollectionArgs);

export type LoadedCollections = Partial<Record<CollectionName, ListResponse>>;

type AppThunkDispatch = ThunkDispatch<unknown, unknown, UnknownAction>;

/**
 * Loads several collections at once. A collection that fails is logged to the console and
 * skipped; the others still load. Resolves with the collections that did load.
 */
export async function loadCollections(
  dispatch: AppThunkDispatch,
  requests: readonly CollectionRequest[],
): Promise<LoadedCollections> {
  const loaded: LoadedCollections = {};
  await Promise.all(
    requests.map(async (request) => {
      const { path, ...args } = typeof request === 'string' ? { path: request } : request;
      const name = collectionName(path);
      const subscription = dispatch(
        collectionsApi.endpoints[name].initiate(args, { forceRefetch: true }),
      );
      try {
        loaded[name] = await subscription.unwrap();
      } catch (error) {
        console.error(`Loading the collection "${name}" (${path}) failed; skipped.`, error);
      } finally {
        subscription.unsubscribe();
      }
    }),
  );
  return loaded;
}
