import { api } from '../../core/api';
import type { Schema } from '../../core/apiTypes';
import type { ListResponse } from '../../core/collections';
import { listParams } from '../../core/crud';
import type { ListArgs } from '../../components/table/useListState';

/** GET /api/pricing item: what the merchant pays in one active city (centimes). */
export type EffectivePrice = Schema<'EffectivePrice'>;

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
