import { api } from '../../core/api';
import type { Body, Query, Schema } from '../../core/apiTypes';
import { crudEndpoints } from '../../core/crud';

/** GET /api/clients item: a merchant account. */
export type MerchantView = Schema<'MerchantView'>;

/** PUT /api/clients/{client}: any of these. */
export type MerchantUpdate = Body<'/api/clients/{client}', 'put'>;

export type MerchantStatus = NonNullable<Query<'/api/clients', 'get'>['status']>;

export const merchantsApi = api.injectEndpoints({
  endpoints: (build) => {
    // Merchants are created by registration (POST /api/clients is the sign-up call), not here.
    const merchants = crudEndpoints<MerchantView, MerchantUpdate>(build, {
      path: 'clients',
      tag: 'clients',
      alsoInvalidates: ['costs'],
    });
    return { listMerchants: merchants.list, updateMerchant: merchants.update, deleteMerchant: merchants.remove };
  },
});

export const { useListMerchantsQuery, useUpdateMerchantMutation, useDeleteMerchantMutation } = merchantsApi;

/** "Salma Berrada": a person is written « Prénom Nom » everywhere (docs/glossary.md). */
export function personName(person: { first_name: string; last_name: string }): string {
  return `${person.first_name} ${person.last_name}`.trim();
}
