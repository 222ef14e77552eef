// The three side menus (specification, section 2), grouped into French sections.
// The order of the route names inside the sections is the specification's menu order. Each entry
// is a route name and, for admins and clients, a permission that can be granted, except the
// entries whose route opens with other permissions (`RouteDef.permission`: « À décider »,
// « Messages envoyés »), which show to whoever holds one of those (navigation/access.ts).
import type { MenuSection, Role } from './types';

const MERCHANT_SECTIONS = [
  { id: 'overview', items: ['dashboard'] },
  { id: 'stock', items: ['inventory-management'] },
  { id: 'pickups', items: ['pickup-vouchers'] },
  {
    id: 'parcels',
    items: [
      'add-new-parcels',
      'new-parcels',
      'to-confirm-parcels',
      'all-parcels',
      'sent-parcels',
      // Failed attempts to decide (issue 40): opened by the lists that decide, no permission of its own.
      'parcel-decisions',
      'delivered-parcels',
      'return-parcels',
      'refunds',
      'exchanges',
    ],
  },
  { id: 'invoices', items: ['completed-invoices', 'returned-invoices'] },
  { id: 'business', items: ['shops', 'staff'] },
  { id: 'help', items: ['support', 'guide', 'pricing'] },
] as const satisfies readonly MenuSection[];
export const MERCHANT_MENU: readonly MenuSection[] = MERCHANT_SECTIONS;

const ADMIN_SECTIONS = [
  { id: 'overview', items: ['dashboard'] },
  { id: 'stock', items: ['inventory-management'] },
  // The agents who call the recipients to confirm their orders before pickup (issue 40).
  { id: 'confirmations', items: ['confirmations'] },
  { id: 'pickups', items: ['new-pickup-vouchers', 'all-pickup-vouchers'] },
  {
    id: 'deliveryVouchers',
    items: ['delivery-exit-vouchers', 'parcels-to-be-returned', 'delivery-return-vouchers'],
  },
  {
    id: 'parcels',
    items: [
      'all-parcels',
      'pickup-parcels',
      'sent-parcels',
      'parcel-decisions',
      'delivered-parcels',
      'canceled-parcels',
      'return-parcels',
      'refunds',
      'exchanges',
    ],
  },
  {
    id: 'clientBilling',
    items: ['client-costs', 'create-client-invoice', 'client-delivered-invoices', 'client-returned-invoices'],
  },
  { id: 'deliveryBilling', items: ['create-delivery-invoice', 'delivery-invoices'] },
  // « Messages envoyés » (issue 41): the dashboard permission opens it, no permission of its own.
  { id: 'management', items: ['clients', 'deliverymen', 'cities', 'staff', 'messages'] },
  { id: 'communication', items: ['support', 'announcements', 'guide'] },
] as const satisfies readonly MenuSection[];
export const ADMIN_MENU: readonly MenuSection[] = ADMIN_SECTIONS;

const DELIVERY_SECTIONS = [
  { id: 'overview', items: ['home'] },
  { id: 'vouchers', items: ['exit-vouchers', 'parcels-to-be-returned', 'return-vouchers'] },
  { id: 'parcels', items: ['all-parcels', 'sent-parcels', 'delivered-parcels', 'refunds', 'exchanges'] },
  { id: 'invoices', items: ['create-invoice', 'invoices'] },
  { id: 'help', items: ['guide'] },
] as const satisfies readonly MenuSection[];
export const DELIVERY_MENU: readonly MenuSection[] = DELIVERY_SECTIONS;

type MenuSections = typeof MERCHANT_SECTIONS | typeof ADMIN_SECTIONS | typeof DELIVERY_SECTIONS;
/** Every route name some side menu shows (navigation/icons.tsx must give each one an icon). */
export type MenuRouteName = MenuSections[number]['items'][number];
/** Every section id of the side menus (each has an icon too). */
export type MenuSectionId = MenuSections[number]['id'];

export const ROLE_MENUS: Readonly<Record<Role, readonly MenuSection[]>> = {
  client: MERCHANT_MENU,
  admin: ADMIN_MENU,
  'delivery-admin': DELIVERY_MENU,
};
