import { api } from '../../core/api';
import { crudEndpoints } from '../../core/crud';

/** GET /api/costs item: a merchant's own prices in one city (centimes). */
export interface CostView {
  key: string;
  /** Merchant key. */
  client: string;
  client_name: string;
  /** City key. */
  city: string;
  city_name: string;
  delivery_fee: number;
  return_fee: number;
  refusal_fee: number;
  updated_at: string;
}

/** POST /api/costs; PUT /api/costs/{key} changes the fees only. */
export interface CostBody {
  client?: string;
  city?: string;
  delivery_fee: number | null;
  return_fee: number | null;
  refusal_fee: number | null;
}

export const costsApi = api.injectEndpoints({
  endpoints: (build) => {
    const costs = crudEndpoints<CostView, CostBody>(build, {
      path: 'costs',
      tag: 'costs',
      alsoProvides: ['cities', 'clients'],
    });
    return { listCosts: costs.list, createCost: costs.create, updateCost: costs.update, deleteCost: costs.remove };
  },
});

export const { useListCostsQuery, useCreateCostMutation, useUpdateCostMutation, useDeleteCostMutation } = costsApi;
