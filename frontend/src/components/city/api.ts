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

export const citiesApi = api.injectEndpoints({
  endpoints: (build) => {
    const cities = crudEndpoints<City, CityBody>(build, { path: 'cities', tag: 'cities' });
    return {
      listCities: cities.list,
      createCity: cities.create,
      updateCity: cities.update,
      deleteCity: cities.remove,
    };
  },
});

export const { useListCitiesQuery, useCreateCityMutation, useUpdateCityMutation, useDeleteCityMutation } = citiesApi;
