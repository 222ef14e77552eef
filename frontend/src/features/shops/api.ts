import { api } from '../../app/api';
import { crudEndpoints } from '../../app/crud';

/** GET /api/shops item. */
export interface Shop {
  key: string;
  name: string;
  phone: string;
  address: string;
  /** City key. */
  city: string;
  city_name: string;
  /** 24-digit RIB, or null. */
  bank_account: string | null;
  /** Merchant key. */
  client: string;
  created_at: string;
  updated_at: string;
}

export interface ShopBody {
  name: string;
  phone: string;
  address: string;
  city: string;
  bank_account?: string;
}

export const shopsApi = api.injectEndpoints({
  endpoints: (build) => {
    // The list shows city names: a renamed city refreshes it.
    const shops = crudEndpoints<Shop, ShopBody>(build, { path: 'shops', tag: 'shops', alsoProvides: ['cities'] });
    return { listShops: shops.list, createShop: shops.create, updateShop: shops.update };
  },
});

export const { useListShopsQuery, useCreateShopMutation, useUpdateShopMutation } = shopsApi;
