import { describe, expect, it } from 'vitest';
import { ALL_ADMIN_PERMISSIONS, ALL_MERCHANT_PERMISSIONS } from '../test/fixtures';
import { GUEST, isOwnPermission, pathOf, roleRoutes, routesFor, visibleMenu, type SessionInfo } from './access';
import { ADMIN_MENU, MERCHANT_MENU, DELIVERY_MENU } from './menus';
import { guard } from './guard';
import { ADMIN_ROUTES, MERCHANT_ROUTES, COMMON_ROUTES, DELIVERY_ROUTES } from './routes';

const active = (role: SessionInfo['role'], permissions: string[] = []): SessionInfo => ({
  authenticated: true,
  active: true,
  role,
  permissions,
});

describe('route tables (specification, section 2)', () => {
  it('has the client table', () => {
    expect(MERCHANT_ROUTES.map((r) => [r.path, r.name])).toEqual([
      ['/compte/accueille', 'dashboard'],
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
      ['/compte/colis-a-decider', 'parcel-decisions'],
    ]);
    expect(MERCHANT_ROUTES[0].alias).toBe('/compte');
  });

  it('has the admin table', () => {
    expect(ADMIN_ROUTES).toHaveLength(37);
    expect(ADMIN_ROUTES[0]).toMatchObject({ path: '/compte/tableau-de-bord', name: 'dashboard', alias: '/compte' });
    const byName = Object.fromEntries(ADMIN_ROUTES.map((r) => [r.name, r.path]));
    expect(byName).toMatchObject({
      'new-pickup-vouchers': '/compte/nouveaux-bons-de-ramassage',
      'all-pickup-vouchers': '/compte/tous-les-bons-de-ramassage',
      'delivery-exit-vouchers': '/compte/bons-de-sortie',
      'delivery-return-vouchers': '/compte/bons-de-retour-livreur',
      'parcels-to-be-returned': '/compte/colis-a-retourner',
      'pickup-parcels': '/compte/colis-ramasses',
      'canceled-parcels': '/compte/colis-annules',
      'client-costs': '/compte/couts',
      'create-client-invoice': '/compte/creer-facture-client',
      'client-delivered-invoices': '/compte/factures-clients-livrees',
      'client-returned-invoices': '/compte/factures-clients-retours',
      'create-delivery-invoice': '/compte/creer-facture-livreur',
      'delivery-invoices': '/compte/factures-livreurs',
      clients: '/compte/clients',
      deliverymen: '/compte/livreurs',
      cities: '/compte/villes',
      announcements: '/compte/annonces',
      activities: '/compte/activites',
      'delivery-person-balances': '/compte/ecarts-livreurs',
      'merchant-accounts': '/compte/comptes-marchands',
      'bank-account-changes': '/compte/changements-de-rib',
      'unapplied-outcomes': '/compte/resultats-a-regler',
      'company-settings': '/compte/parametres',
      messages: '/compte/messages',
      'inventory-management': '/compte/gestion-des-stocks',
      confirmations: '/compte/confirmations',
      'parcel-decisions': '/compte/colis-a-decider',
    });
  });

  it('has the delivery table', () => {
    expect(DELIVERY_ROUTES.map((r) => [r.path, r.name])).toEqual([
      ['/compte/accueille', 'home'],
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
    ]);
    expect(DELIVERY_ROUTES[0].alias).toBe('/compte');
  });

  it('has the common routes with their layouts and rules', () => {
    const byName = Object.fromEntries(COMMON_ROUTES.map((r) => [r.name, r]));
    expect(byName.profile).toMatchObject({ path: '/compte/profile', meta: { layout: 'content', requiresAuth: true, requiresActivation: true } });
    expect(byName.login).toMatchObject({ path: '/compte/connexion', alias: '/', meta: { layout: 'blank', guestOnly: true } });
    expect(byName.activation).toMatchObject({ path: '/compte/activation', meta: { layout: 'blank', requiresAuth: true } });
    expect(byName.activation.meta.requiresActivation).toBeFalsy();
    expect(byName.register).toMatchObject({ path: '/compte/inscription', meta: { layout: 'blank', guestOnly: true } });
    expect(byName['error-404']).toMatchObject({ path: '/compte/not-found', meta: { layout: 'blank' } });
    // The password pages: anyone, signed in or not (the guard lets every session through).
    expect(byName['forgotten-password']).toMatchObject({ path: '/mot-de-passe-oublie', meta: { layout: 'blank' } });
    expect(byName['reset-password']).toMatchObject({ path: '/reinitialiser-mot-de-passe', meta: { layout: 'blank' } });
    // The recipients' STOP page (the link of their SMS or WhatsApp messages), likewise.
    expect(byName.unsubscribe).toMatchObject({ path: '/desinscription/:key', meta: { layout: 'blank' } });
    for (const name of ['forgotten-password', 'reset-password', 'unsubscribe']) {
      expect(guard(byName[name].meta, GUEST), name).toBeNull();
      expect(guard(byName[name].meta, active('client', ['dashboard'])), name).toBeNull();
    }
  });

  it('requires auth and activation on every role route (content layout)', () => {
    for (const route of [...MERCHANT_ROUTES, ...ADMIN_ROUTES, ...DELIVERY_ROUTES]) {
      expect(route.meta).toEqual({ layout: 'content', requiresAuth: true, requiresActivation: true });
    }
  });
});

describe('routes of a session', () => {
  it('filters admin and client routes by permissions', () => {
    // The activity log opens with the dashboard permission (it has no menu entry of its own), and
    // so do the messages sent (a menu entry, no permission of its own); the company's settings
    // with cities, the RIB changes with clients.
    expect(roleRoutes('admin', ['dashboard', 'cities']).map((r) => r.name)).toEqual(['dashboard', 'cities', 'activities', 'company-settings', 'messages']);
    expect(roleRoutes('admin', ['cities']).map((r) => r.name)).toEqual(['cities', 'company-settings']);
    expect(roleRoutes('admin', ['clients']).map((r) => r.name)).toEqual(['clients', 'bank-account-changes']);
    // The refused outcomes open with any screen that moves parcels (the server's rule).
    expect(roleRoutes('admin', ['refunds']).map((r) => r.name)).toEqual(['refunds', 'unapplied-outcomes']);
    expect(roleRoutes('admin', ['sent-parcels', 'all-parcels']).map((r) => r.name)).toEqual(['all-parcels', 'sent-parcels', 'unapplied-outcomes', 'parcel-decisions']);
    expect(roleRoutes('admin', ['dashboard', 'clients']).map((r) => r.name)).not.toContain('unapplied-outcomes');
    // The merchants' accounts open with either client invoices screen.
    expect(roleRoutes('admin', ['client-delivered-invoices']).map((r) => r.name)).toEqual(['client-delivered-invoices', 'merchant-accounts']);
    expect(roleRoutes('admin', ['client-returned-invoices']).map((r) => r.name)).toEqual(['client-returned-invoices', 'merchant-accounts']);
    expect(roleRoutes('admin', ['delivery-invoices']).map((r) => r.name)).toEqual(['delivery-invoices', 'delivery-person-balances']);
    expect(roleRoutes('client', ['pricing', 'unknown']).map((r) => r.name)).toEqual(['pricing']);
    // The confirmation agents' screen opens with its own name, as the server's permission.
    expect(roleRoutes('admin', ['confirmations']).map((r) => r.name)).toEqual(['confirmations']);
    expect(roleRoutes('client', ['new-parcels', 'to-confirm-parcels']).map((r) => r.name)).toEqual(['new-parcels', 'to-confirm-parcels']);
  });

  it('gives delivery people their whole set whatever the permissions', () => {
    expect(roleRoutes('delivery-admin', [])).toHaveLength(DELIVERY_ROUTES.length);
  });

  it('adds the role table after sign-in', () => {
    const paths = routesFor(active('admin', ['dashboard', 'cities'])).map((r) => r.path);
    expect(paths).toEqual(expect.arrayContaining(['/compte/tableau-de-bord', '/compte/villes', '/compte/profile']));
    expect(paths).not.toContain('/compte/clients');
    expect(paths).not.toContain('/compte/accueille');
  });

  it('lets the guard answer a guest on any role path', () => {
    const routes = routesFor(GUEST);
    expect(routes.find((r) => r.path === '/compte/villes')?.meta.requiresAuth).toBe(true);
    expect(routes.find((r) => r.path === '/compte/accueille')?.meta.requiresAuth).toBe(true);
  });

  it('resolves route names to paths for the session', () => {
    expect(pathOf('login', GUEST)).toBe('/compte/connexion');
    expect(pathOf('dashboard', active('admin', ['dashboard']))).toBe('/compte/tableau-de-bord');
    expect(pathOf('dashboard', active('client', ['dashboard']))).toBe('/compte/accueille');
    expect(pathOf('all-parcels', active('delivery-admin'))).toBe('/compte/tous-les-colis');
    expect(pathOf('cities', active('admin', ['dashboard']))).toBe('/compte/not-found');
  });
});

describe('side menus', () => {
  it('lists the specification menus in order', () => {
    expect(MERCHANT_MENU.flatMap((s) => s.items)).toEqual(
      'dashboard inventory-management pickup-vouchers add-new-parcels new-parcels to-confirm-parcels all-parcels sent-parcels parcel-decisions delivered-parcels return-parcels refunds exchanges completed-invoices returned-invoices shops staff support guide pricing'.split(' '),
    );
    expect(ADMIN_MENU.flatMap((s) => s.items)).toEqual(
      'dashboard inventory-management confirmations new-pickup-vouchers all-pickup-vouchers delivery-exit-vouchers parcels-to-be-returned delivery-return-vouchers all-parcels pickup-parcels sent-parcels parcel-decisions delivered-parcels canceled-parcels return-parcels refunds exchanges client-costs create-client-invoice client-delivered-invoices client-returned-invoices create-delivery-invoice delivery-invoices clients deliverymen cities staff messages support announcements guide'.split(' '),
    );
    expect(DELIVERY_MENU.flatMap((s) => s.items)).toEqual(
      'home exit-vouchers parcels-to-be-returned return-vouchers all-parcels sent-parcels delivered-parcels refunds exchanges create-invoice invoices guide'.split(' '),
    );
  });

  it('shows a section only when one of its routes is held, and only held entries', () => {
    const menu = visibleMenu('admin', ['dashboard', 'cities']);
    expect(menu.map((s) => [s.id, s.items.map((i) => i.name)])).toEqual([
      ['overview', ['dashboard']],
      ['management', ['cities', 'messages']],
    ]);
  });

  it('shows every section to a client holding everything', () => {
    expect(visibleMenu('client', ALL_MERCHANT_PERMISSIONS).map((s) => s.id)).toEqual(MERCHANT_MENU.map((s) => s.id));
    expect(visibleMenu('admin', ALL_ADMIN_PERMISSIONS).flatMap((s) => s.items)).toHaveLength(31);
  });

  it('shows « À décider » beside the parcel lists to whoever holds a list that decides, never as a permission', () => {
    for (const role of ['client', 'admin'] as const) {
      for (const held of [['sent-parcels'], ['all-parcels']]) {
        const parcels = visibleMenu(role, held).find((s) => s.id === 'parcels');
        expect(parcels?.items.map((i) => [i.name, i.path]), `${role} ${held}`).toContainEqual(['parcel-decisions', '/compte/colis-a-decider']);
        expect(roleRoutes(role, held).map((r) => r.name)).toContain('parcel-decisions');
      }
      expect(visibleMenu(role, ['delivered-parcels']).flatMap((s) => s.items.map((i) => i.name))).not.toContain('parcel-decisions');
      expect(pathOf('parcel-decisions', active(role, ['delivered-parcels']))).toBe('/compte/not-found');
      expect(isOwnPermission(role, 'parcel-decisions')).toBe(false);
      expect(isOwnPermission(role, 'sent-parcels')).toBe(true);
    }
    expect(ALL_MERCHANT_PERMISSIONS).not.toContain('parcel-decisions');
    expect(ALL_ADMIN_PERMISSIONS).not.toContain('parcel-decisions');
    expect(visibleMenu('delivery-admin', []).flatMap((s) => s.items.map((i) => i.name))).not.toContain('parcel-decisions');
  });

  it('gives the confirmation agents their own entry, right after the stock (the server’s order)', () => {
    expect(visibleMenu('admin', ['confirmations']).map((s) => [s.id, s.items.map((i) => [i.name, i.path])])).toEqual([
      ['confirmations', [['confirmations', '/compte/confirmations']]],
    ]);
    const merchant = visibleMenu('client', ALL_MERCHANT_PERMISSIONS).find((s) => s.id === 'parcels');
    expect(merchant?.items.map((i) => i.name).slice(0, 3)).toEqual(['add-new-parcels', 'new-parcels', 'to-confirm-parcels']);
    expect(merchant?.items.find((i) => i.name === 'to-confirm-parcels')).toMatchObject({ path: '/compte/colis-a-confirmer', screen: 'parcels' });
  });

  it('shows delivery people a fixed menu', () => {
    expect(visibleMenu('delivery-admin', []).flatMap((s) => s.items.map((i) => i.name))).toEqual(
      DELIVERY_MENU.flatMap((s) => s.items),
    );
  });
});
