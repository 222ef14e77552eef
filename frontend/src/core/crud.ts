// Endpoint builders for a simple REST collection of the API: list (server-side pagination, sort,
// search, filters), create, update and delete. A feature injects them under its own names:
//
//   const citiesApi = api.injectEndpoints({
//     endpoints: (build) => {
//       const cities = crudEndpoints<City, CityBody>(build, { path: 'cities', tag: 'cities' });
//       return { listCities: cities.list, createCity: cities.create, updateCity: cities.update, deleteCity: cities.remove };
//     },
//   });
import type { ListArgs } from '../components/table/useListState';
import { api, type COLLECTION_TAGS } from './api';
import type { ListResponse } from './collections';

export type CollectionTag = (typeof COLLECTION_TAGS)[number];

/** The `build` argument of `api.injectEndpoints`. */
export type EndpointBuild = Parameters<Parameters<typeof api.injectEndpoints>[0]['endpoints']>[0];

/** `{data: ...}`: the server's answer for one object. */
export interface ItemResponse<T> {
  data: T;
}

export interface UpdateArgs<B> {
  key: string;
  body: Partial<B>;
}

export interface CrudOptions {
  /** Collection path under /api, e.g. `cities` or `delivery-admins`. */
  path: string;
  /** Tag the list provides and the writes invalidate. */
  tag: CollectionTag;
  /** Other lists that show this collection's data (e.g. a city name in the shops list). */
  alsoInvalidates?: readonly CollectionTag[];
  /** Other collections whose changes this list shows. */
  alsoProvides?: readonly CollectionTag[];
}

/** Query string of a list call: drops empty values. */
export function listParams(args: ListArgs | void): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  if (!args) return out;
  for (const [name, value] of Object.entries(args)) {
    if (value !== undefined && value !== '') out[name] = value;
  }
  return out;
}

const segment = (key: string) => encodeURIComponent(key);

export function crudEndpoints<T, B>(build: EndpointBuild, options: CrudOptions) {
  const { path, tag } = options;
  const provides = [tag, ...(options.alsoProvides ?? [])];
  const invalidates = [tag, ...(options.alsoInvalidates ?? [])];
  return {
    list: build.query<ListResponse<T>, ListArgs | void>({
      query: (args) => ({ url: path, params: listParams(args) }),
      providesTags: provides,
    }),
    create: build.mutation<ItemResponse<T>, B>({
      query: (body) => ({ url: path, method: 'POST', body }),
      invalidatesTags: invalidates,
    }),
    update: build.mutation<ItemResponse<T>, UpdateArgs<B>>({
      query: ({ key, body }) => ({ url: `${path}/${segment(key)}`, method: 'PUT', body }),
      invalidatesTags: invalidates,
    }),
    remove: build.mutation<null, string>({
      query: (key) => ({ url: `${path}/${segment(key)}`, method: 'DELETE' }),
      invalidatesTags: invalidates,
    }),
  };
}
