import { api } from '../../core/api';
import type { ListResponse } from '../../core/collections';
import { listParams } from '../../core/crud';
import type { ListArgs } from '../../components/table/useListState';

/** GET /api/pricing item: what the merchant pays in one active city (centimes). */
export interface EffectivePrice {
  /** City key. */
  city: string;
  city_name: string;
  delivery_fee: number;
  return_fee: number;
  refusal_fee: number;
  /** The merchant has his own price here (an admin's override of the city's fees). */
  overridden: boolean;
}

export const pricingApi = api.injectEndpoints({
  endpoints: (build) => ({
    listPricing: build.query<ListResponse<EffectivePrice>, ListArgs | void>({
      query: (args) => ({ url: 'pricing', params: listParams(args) }),
      // Effective prices follow the cities' fees and the merchant's overrides.
      providesTags: ['cities', 'costs'],
    }),
  }),
});

export const { useListPricingQuery } = pricingApi;
