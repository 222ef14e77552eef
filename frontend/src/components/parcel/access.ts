// What the signed-in user may look up around the parcel screens. The server answers 403 to a
// list the user's permissions do not open (docs/api.md), so the screens only offer what works.
import type { SessionInfo } from '../../navigation/access';

const any = (held: readonly string[], names: readonly string[]) => names.some((name) => held.includes(name));

export interface ParcelLookups {
  /** GET /api/cities (city filter and fields). */
  cities: boolean;
  /** GET /api/shops (a merchant's shops). */
  shops: boolean;
  /** GET /api/clients (admins: the merchant filter). */
  merchants: boolean;
  /** GET /api/delivery-admins (admins: the delivery person filter, reassigning). */
  deliveryPeople: boolean;
}

export function parcelLookups(session: Pick<SessionInfo, 'role' | 'permissions'>): ParcelLookups {
  const { role, permissions } = session;
  return {
    cities: role !== 'delivery-admin' && any(permissions, ['cities', 'shops', 'add-new-parcels', 'pricing', 'deliverymen', 'client-costs']),
    shops: role === 'client' && any(permissions, ['shops', 'add-new-parcels']),
    merchants: role === 'admin' && any(permissions, ['clients', 'client-costs']),
    deliveryPeople:
      role === 'admin' && any(permissions, ['deliverymen', 'delivery-exit-vouchers', 'create-delivery-invoice', 'delivery-invoices']),
  };
}
