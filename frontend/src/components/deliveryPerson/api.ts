import { api } from '../../core/api';
import { crudEndpoints, type ItemResponse } from '../../core/crud';

/** One city a delivery person serves, with his commissions there (centimes per parcel). */
export interface DeliveryCity {
  key: string;
  /** City key. */
  city: string;
  city_name: string;
  delivered_commission: number;
  refused_commission: number;
}

/** GET /api/delivery-admins item: a delivery person. */
export interface DeliveryPersonView {
  key: string;
  full_name: string;
  email: string;
  phone: string;
  national_id: string | null;
  vehicle: string | null;
  active: boolean;
  created_at: string;
  cities: DeliveryCity[];
}

export interface DeliveryPersonBody {
  full_name: string;
  email: string;
  phone: string;
  /** Required on create; empty or absent on edit keeps the current one. */
  password?: string;
  national_id: string;
  vehicle?: string;
  active?: boolean;
}

export interface DeliveryCityBody {
  delivered_commission: number | null;
  refused_commission: number | null;
}

const segment = encodeURIComponent;

export const deliveryPeopleApi = api.injectEndpoints({
  endpoints: (build) => {
    const people = crudEndpoints<DeliveryPersonView, DeliveryPersonBody>(build, {
      path: 'delivery-admins',
      tag: 'deliveryAdmins',
      alsoProvides: ['cities'],
    });
    return {
      listDeliveryPeople: people.list,
      createDeliveryPerson: people.create,
      updateDeliveryPerson: people.update,
      deleteDeliveryPerson: people.remove,
      /** POST /api/delivery-admins/cities: he now serves a city. */
      addDeliveryCity: build.mutation<ItemResponse<DeliveryPersonView>, DeliveryCityBody & { delivery_admin: string; city: string }>({
        query: (body) => ({ url: 'delivery-admins/cities', method: 'POST', body }),
        invalidatesTags: ['deliveryAdmins'],
      }),
      /** PUT /api/delivery-admins/{deliveryAdmin}/cities/{city}: new commissions. */
      updateDeliveryCity: build.mutation<ItemResponse<DeliveryPersonView>, { deliveryPerson: string; city: string; body: DeliveryCityBody }>({
        query: ({ deliveryPerson, city, body }) => ({
          url: `delivery-admins/${segment(deliveryPerson)}/cities/${segment(city)}`,
          method: 'PUT',
          body,
        }),
        invalidatesTags: ['deliveryAdmins'],
      }),
      /** DELETE /api/delivery-admins/{deliveryAdmin}/cities/{city}: he no longer serves it. */
      removeDeliveryCity: build.mutation<null, { deliveryPerson: string; city: string }>({
        query: ({ deliveryPerson, city }) => ({
          url: `delivery-admins/${segment(deliveryPerson)}/cities/${segment(city)}`,
          method: 'DELETE',
        }),
        invalidatesTags: ['deliveryAdmins'],
      }),
    };
  },
});

export const {
  useListDeliveryPeopleQuery,
  useCreateDeliveryPersonMutation,
  useUpdateDeliveryPersonMutation,
  useDeleteDeliveryPersonMutation,
  useAddDeliveryCityMutation,
  useUpdateDeliveryCityMutation,
  useRemoveDeliveryCityMutation,
} = deliveryPeopleApi;
