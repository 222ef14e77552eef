import { api } from '../../core/api';
import type { Schema } from '../../core/apiTypes';
import { crudEndpoints } from '../../core/crud';

/** GET /api/cities item. Fees in centimes. */
export type City = Schema<'City'>;

/**
 * POST /api/cities and PUT /api/cities/{key} both read a `CityInput`; creation answers 422 on a
 * missing fee (the form sends an empty one as null for that message).
 */
export type CityBody = Schema<'CityInput'>;

/** GET /api/cities/served item: a city the company delivers to (public, no fees). */
export type ServedCity = Schema<'ServedCity'>;

export const citiesApi = api.injectEndpoints({
  endpoints: (build) => {
    const cities = crudEndpoints<City, CityBody>(build, { path: 'cities', tag: 'cities' });
    return {
      // Public: the registration form asks it before anyone is signed in.
      servedCities: build.query<ServedCity[], void>({
        query: () => 'cities/served',
        transformResponse: (response: { data: ServedCity[] }) => response.data,
        providesTags: ['cities'],
      }),
      listCities: cities.list,
      createCity: cities.create,
      updateCity: cities.update,
      deleteCity: cities.remove,
    };
  },
});

export const { useServedCitiesQuery, useListCitiesQuery, useCreateCityMutation, useUpdateCityMutation, useDeleteCityMutation } = citiesApi;
