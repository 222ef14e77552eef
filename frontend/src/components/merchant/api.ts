import { api } from '../../core/api';
import { crudEndpoints } from '../../core/crud';

/** GET /api/clients item: a merchant account. */
export interface MerchantView {
  key: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  company: string | null;
  /** City given at registration (free text). */
  city: string | null;
  /** The merchant's ICE (15 digits), printed on his invoices. */
  ice?: string | null;
  active: boolean;
  user_role: string;
  created_at: string;
  /** Route names of the client menu the merchant may open. */
  permissions: string[];
}

/** PUT /api/clients/{client}: any of these. */
export interface MerchantUpdate {
  active?: boolean;
  first_name?: string;
  last_name?: string;
  phone?: string;
  email?: string;
  company?: string;
  /** 15 digits; empty clears it. */
  ice?: string;
  permissions?: string[];
}

export type MerchantStatus = 'new' | 'activated' | 'all';

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
