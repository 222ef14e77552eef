import { api } from '../../core/api';
import { crudEndpoints } from '../../core/crud';

/** GET /api/cities item. Fees in centimes. */
export interface City {
  key: string;
  name: string;
  delivery_fee: number;
  return_fee: number;
  refusal_fee: number;
  active: boolean;
  created_at: string;
  updated_at: string;
}

export interface CityBody {
  name: string;
  delivery_fee: number | null;
  return_fee: number | null;
  refusal_fee: number | null;
  active?: boolean;
}

/** GET /api/cities/served item: a city the company delivers to (public, no fees). */
export interface ServedCity {
  key: string;
  name: string;
}

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
