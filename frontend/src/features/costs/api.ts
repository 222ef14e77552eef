import { api } from '../../core/api';
import type { Schema } from '../../core/apiTypes';
import { crudEndpoints } from '../../core/crud';

/** GET /api/costs item: a merchant's own prices in one city (centimes). */
export type CostView = Schema<'CostView'>;

/**
 * POST /api/costs; PUT /api/costs/{key} changes the fees only. Both read a `CostInput`; creation
 * answers 422 on a missing field (the form sends an empty one as null for that message).
 */
export type CostBody = Schema<'CostInput'>;

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
