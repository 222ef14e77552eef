import { api } from '../../core/api';
import type { Schema } from '../../core/apiTypes';
import { crudEndpoints, type ItemResponse } from '../../core/crud';

/** One city a delivery person serves, with his commissions there (centimes per parcel). */
export type DeliveryCity = Schema<'DeliveryCityView'>;

/** GET /api/delivery-admins item: a delivery person. */
export type DeliveryPersonView = Schema<'DeliveryPersonView'>;

/**
 * POST /api/delivery-admins and PUT /api/delivery-admins/{key} both read a `DeliveryPersonInput`:
 * the password is required on create; on edit, empty or absent keeps the current one.
 */
export type DeliveryPersonBody = Schema<'DeliveryPersonInput'>;

/**
 * POST /api/delivery-admins/cities (with the person and the city) and PUT
 * /api/delivery-admins/{deliveryAdmin}/cities/{city} (the commissions) both read a
 * `DeliveryCityInput`; creation answers 422 on a missing field (the form sends an empty one as null).
 */
export type DeliveryCityBody = Schema<'DeliveryCityInput'>;

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
      addDeliveryCity: build.mutation<ItemResponse<DeliveryPersonView>, DeliveryCityBody>({
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
