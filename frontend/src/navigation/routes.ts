// The three role route tables and the common routes (specification, section 2), as data.
import type { Role, RouteDef, RouteMeta, ScreenKey } from './types';

const PROTECTED: RouteMeta = { layout: 'content', requiresAuth: true, requiresActivation: true };

/** Screens built so far, by route name; every other role route shows the shared "not available yet" screen. */
const IMPLEMENTED: Partial<Record<string, ScreenKey>> = {
  dashboard: 'dashboard',
  home: 'dashboard',
  cities: 'cities',
  clients: 'clients',
  deliverymen: 'deliverymen',
  // One screen for both roles: an admin's managers and admins, or a merchant's team.
  staff: 'staff',
  shops: 'shops',
  'client-costs': 'client-costs',
  pricing: 'pricing',
  'add-new-parcels': 'add-new-parcels',
  // One screen for every parcel list of every role (components/parcel/views.ts).
  'all-parcels': 'parcels',
  'new-parcels': 'parcels',
  'to-confirm-parcels': 'parcels',
  'pickup-parcels': 'parcels',
  'sent-parcels': 'parcels',
  'delivered-parcels': 'parcels',
  'return-parcels': 'parcels',
  'canceled-parcels': 'parcels',
  refunds: 'parcels',
  exchanges: 'parcels',
  // One screen for every voucher list of every role (components/voucher/config.ts).
  'pickup-vouchers': 'vouchers',
  'new-pickup-vouchers': 'vouchers',
  'all-pickup-vouchers': 'vouchers',
  // The admin's exit vouchers start with a new one (ship parcels to a delivery person).
  'delivery-exit-vouchers': 'ship',
  'delivery-return-vouchers': 'vouchers',
  'exit-vouchers': 'vouchers',
  'return-vouchers': 'vouchers',
  'parcels-to-be-returned': 'to-be-returned',
  // One screen for every invoice list of every role (components/invoice/config.ts).
  'completed-invoices': 'invoices',
  'returned-invoices': 'invoices',
  'client-delivered-invoices': 'invoices',
  'client-returned-invoices': 'invoices',
  'delivery-invoices': 'invoices',
  invoices: 'invoices',
  // The admin's new drafts: the delivery people or shops with something to invoice.
  'create-client-invoice': 'new-invoice',
  'create-delivery-invoice': 'new-invoice',
  // The delivery person declares his cash from his phone.
  'create-invoice': 'declare-cash',
  // One screen for both roles: the merchant's stock, or the admin's stock desk.
  'inventory-management': 'inventory',
  // Support tickets, announcements and guides (issue 15).
  support: 'support',
  announcements: 'announcements',
  guide: 'guides',
  // The agents' queue of orders to confirm by phone, and its figures (issue 40).
  confirmations: 'confirmations',
};

/** A role's own screen for a route name the roles share. */
type Overrides = Partial<Record<string, ScreenKey>>;

function table(rows: ReadonlyArray<readonly [path: string, name: string, alias?: string]>, overrides: Overrides = {}): RouteDef[] {
  return rows.map(([path, name, alias]) => ({
    name,
    path,
    ...(alias ? { alias } : {}),
    screen: overrides[name] ?? IMPLEMENTED[name] ?? 'not-available',
    meta: PROTECTED,
  }));
}

/**
 * The parcels whose failed attempt waits for a decision (issue 40), a screen of merchants and
 * admins beside their parcel lists: the lists that may decide open it (the server's rule for
 * `PUT parcels/{key}/decision`). Its menu entry is no permission of its own (access.ts).
 */
const PARCEL_DECISIONS: RouteDef = {
  name: 'parcel-decisions',
  path: '/compte/colis-a-decider',
  screen: 'parcel-decisions',
  meta: PROTECTED,
  permission: ['sent-parcels', 'all-parcels'],
};

export const MERCHANT_ROUTES: readonly RouteDef[] = [...table([
  ['/compte/accueille', 'dashboard', '/compte'],
  ['/compte/bons-de-ramassage', 'pickup-vouchers'],
  ['/compte/ajouter-de-nouveaux-colis', 'add-new-parcels'],
  ['/compte/tous-les-colis', 'all-parcels'],
  ['/compte/nouveaux-colis', 'new-parcels'],
  ['/compte/colis-a-confirmer', 'to-confirm-parcels'],
  ['/compte/colis-expedies', 'sent-parcels'],
  ['/compte/colis-livres', 'delivered-parcels'],
  ['/compte/colis-retournes', 'return-parcels'],
  ['/compte/remboursements', 'refunds'],
  ['/compte/echanges', 'exchanges'],
  ['/compte/factures-livrees', 'completed-invoices'],
  ['/compte/factures-retour', 'returned-invoices'],
  ['/compte/shops', 'shops'],
  ['/compte/staff', 'staff'],
  ['/compte/support', 'support'],
  ['/compte/guide', 'guide'],
  ['/compte/pricing', 'pricing'],
  ['/compte/gestion-des-stocks', 'inventory-management'],
]),
  PARCEL_DECISIONS,
];

/** The admin's screens that move parcels (the server's ADMIN_PARCEL_WRITES). */
const ADMIN_PARCEL_WRITES: readonly string[] = [
  'all-parcels',
  'pickup-parcels',
  'sent-parcels',
  'delivered-parcels',
  'canceled-parcels',
  'return-parcels',
  'refunds',
  'exchanges',
];

export const ADMIN_ROUTES: readonly RouteDef[] = [...table([
  ['/compte/tableau-de-bord', 'dashboard', '/compte'],
  ['/compte/nouveaux-bons-de-ramassage', 'new-pickup-vouchers'],
  ['/compte/tous-les-bons-de-ramassage', 'all-pickup-vouchers'],
  ['/compte/bons-de-sortie', 'delivery-exit-vouchers'],
  ['/compte/bons-de-retour-livreur', 'delivery-return-vouchers'],
  ['/compte/colis-a-retourner', 'parcels-to-be-returned'],
  ['/compte/tous-les-colis', 'all-parcels'],
  ['/compte/colis-ramasses', 'pickup-parcels'],
  ['/compte/colis-expedies', 'sent-parcels'],
  ['/compte/colis-livres', 'delivered-parcels'],
  ['/compte/colis-retournes', 'return-parcels'],
  ['/compte/colis-annules', 'canceled-parcels'],
  ['/compte/remboursements', 'refunds'],
  ['/compte/echanges', 'exchanges'],
  ['/compte/couts', 'client-costs'],
  ['/compte/creer-facture-client', 'create-client-invoice'],
  ['/compte/factures-clients-livrees', 'client-delivered-invoices'],
  ['/compte/factures-clients-retours', 'client-returned-invoices'],
  ['/compte/creer-facture-livreur', 'create-delivery-invoice'],
  ['/compte/factures-livreurs', 'delivery-invoices'],
  ['/compte/clients', 'clients'],
  ['/compte/livreurs', 'deliverymen'],
  ['/compte/villes', 'cities'],
  ['/compte/staff', 'staff'],
  ['/compte/support', 'support'],
  ['/compte/annonces', 'announcements'],
  ['/compte/guide', 'guide'],
  ['/compte/gestion-des-stocks', 'inventory-management'],
  ['/compte/confirmations', 'confirmations'],
]),
  // The activity log, reached from the admin's dashboard (not a menu entry): the dashboard permission opens it.
  { name: 'activities', path: '/compte/activites', screen: 'activities', meta: PROTECTED, permission: 'dashboard' },
  // The delivery people's balances, in the delivery invoices area (reached from that screen, the
  // dashboard's work queue and the delivery people list; not a menu entry).
  { name: 'delivery-person-balances', path: '/compte/ecarts-livreurs', screen: 'delivery-person-balances', meta: PROTECTED, permission: 'delivery-invoices' },
  // The merchants' accounts (what each owes for his returned-type invoices), in the client
  // invoices area (reached from those screens and the dashboard's work queue; not a menu entry):
  // either client invoices permission opens it.
  {
    name: 'merchant-accounts',
    path: '/compte/comptes-marchands',
    screen: 'merchant-accounts',
    meta: PROTECTED,
    permission: ['client-delivered-invoices', 'client-returned-invoices'],
  },
  // Merchants' RIB changes to approve or refuse, reached from the dashboard's work queue and the
  // clients screen: the clients permission (the screen of merchants and their shops) opens it.
  { name: 'bank-account-changes', path: '/compte/changements-de-rib', screen: 'bank-account-changes', meta: PROTECTED, permission: 'clients' },
  // Outcomes the server refused from the delivery people's phones, kept for the office to settle;
  // reached from the dashboard's work queue and the parcel drawer: any screen that moves parcels
  // opens it (as the server's rule).
  { name: 'unapplied-outcomes', path: '/compte/resultats-a-regler', screen: 'unapplied-outcomes', meta: PROTECTED, permission: ADMIN_PARCEL_WRITES },
  // The company's legal identity, reached from the user menu: the cities permission (the
  // company's own configuration) opens it.
  { name: 'company-settings', path: '/compte/parametres', screen: 'company-settings', meta: PROTECTED, permission: 'cities' },
  // The messages the platform sent to people (e-mails: passwords, invitations, notices), with
  // their attempts (issue 41): a menu entry of « Gestion » that the dashboard permission opens, as
  // the server's rule for GET /api/messages.
  { name: 'messages', path: '/compte/messages', screen: 'messages', meta: PROTECTED, permission: 'dashboard' },
  PARCEL_DECISIONS,
];

export const DELIVERY_ROUTES: readonly RouteDef[] = table([
  ['/compte/accueille', 'home', '/compte'],
  ['/compte/bons-de-sortie', 'exit-vouchers'],
  ['/compte/bons-de-retour', 'return-vouchers'],
  ['/compte/colis-a-retourner', 'parcels-to-be-returned'],
  ['/compte/tous-les-colis', 'all-parcels'],
  ['/compte/colis-expedies', 'sent-parcels'],
  ['/compte/colis-livres', 'delivered-parcels'],
  ['/compte/remboursements', 'refunds'],
  ['/compte/echanges', 'exchanges'],
  ['/compte/creer-facture', 'create-invoice'],
  ['/compte/factures', 'invoices'],
  ['/compte/guide', 'guide'],
  // The delivery person's sent parcels are his working list, made for a phone.
], { 'sent-parcels': 'delivery-round' });

export const ROLE_ROUTES: Readonly<Record<Role, readonly RouteDef[]>> = {
  client: MERCHANT_ROUTES,
  admin: ADMIN_ROUTES,
  'delivery-admin': DELIVERY_ROUTES,
};

export const NOT_FOUND_PATH = '/compte/not-found';
/** Public pages (no session needed; the server sends the app on them, as on /suivi). */
export const FORGOTTEN_PASSWORD_PATH = '/mot-de-passe-oublie';
export const RESET_PASSWORD_PATH = '/reinitialiser-mot-de-passe';
/** The link a parcel's recipient finds at the end of our SMS or WhatsApp messages (`/desinscription/{key}`). */
export const UNSUBSCRIBE_PATH = '/desinscription';

/** Routes every visitor has, whatever the role (the guard decides who may stay). */
export const COMMON_ROUTES: readonly RouteDef[] = [
  { name: 'profile', path: '/compte/profile', screen: 'profile', meta: PROTECTED },
  {
    name: 'login',
    path: '/compte/connexion',
    alias: '/',
    screen: 'login',
    meta: { layout: 'blank', guestOnly: true },
  },
  {
    name: 'activation',
    path: '/compte/activation',
    screen: 'activation',
    meta: { layout: 'blank', requiresAuth: true },
  },
  {
    name: 'register',
    path: '/compte/inscription',
    screen: 'register',
    meta: { layout: 'blank', guestOnly: true },
  },
  { name: 'error-404', path: NOT_FOUND_PATH, screen: 'not-found', meta: { layout: 'blank' } },
  // A forgotten password and the link its e-mail carries (`?jeton=`, `&invitation=1` for a new
  // staff member choosing his first one): open to anyone, signed in or not, like the tracking page.
  { name: 'forgotten-password', path: FORGOTTEN_PASSWORD_PATH, screen: 'forgotten-password', meta: { layout: 'blank' } },
  { name: 'reset-password', path: RESET_PASSWORD_PATH, screen: 'reset-password', meta: { layout: 'blank' } },
  // A recipient stops our SMS or WhatsApp messages to his phone (issue 41): open to anyone, like
  // the tracking page; nothing is sent before he presses the button.
  { name: 'unsubscribe', path: `${UNSUBSCRIBE_PATH}/:key`, screen: 'unsubscribe', meta: { layout: 'blank' } },
];

export const LOGIN_PATH = '/compte/connexion';
