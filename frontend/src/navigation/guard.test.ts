import { describe, expect, it } from 'vitest';
import type { SessionInfo } from './access';
import type { Role, RouteMeta } from './types';
import { guard } from './guard';

const AUTH_AND_ACTIVATION: RouteMeta = { layout: 'content', requiresAuth: true, requiresActivation: true };
const AUTH_ONLY: RouteMeta = { layout: 'blank', requiresAuth: true };
const GUEST_ONLY: RouteMeta = { layout: 'blank', guestOnly: true };
const NO_RULE: RouteMeta = { layout: 'blank' };

function session(state: 'guest' | 'inactive' | 'active', role: Role | null = null, permissions: string[] = []): SessionInfo {
  return {
    authenticated: state !== 'guest',
    active: state === 'active',
    role: state === 'guest' ? null : role,
    permissions,
  };
}

const MERCHANT_PERMS = ['dashboard', 'pickup-vouchers'];
const ADMIN_PERMS = ['dashboard', 'cities'];
const STAFF_PERMS = ['cities', 'clients'];

// Specification, section 4: every row of the three rule sets.
const rows: Array<[string, RouteMeta, SessionInfo, string | null]> = [
  // A route requiring auth and activation.
  ['auth+activation: unauthenticated → login', AUTH_AND_ACTIVATION, session('guest'), 'login'],
  ['auth+activation: client not activated → activation', AUTH_AND_ACTIVATION, session('inactive', 'client', MERCHANT_PERMS), 'activation'],
  ['auth+activation: admin not activated → activation', AUTH_AND_ACTIVATION, session('inactive', 'admin', ADMIN_PERMS), 'activation'],
  ['auth+activation: delivery not activated → activation', AUTH_AND_ACTIVATION, session('inactive', 'delivery-admin'), 'activation'],
  ['auth+activation: activated client passes', AUTH_AND_ACTIVATION, session('active', 'client', MERCHANT_PERMS), null],
  ['auth+activation: activated admin passes', AUTH_AND_ACTIVATION, session('active', 'admin', ADMIN_PERMS), null],
  ['auth+activation: activated delivery passes', AUTH_AND_ACTIVATION, session('active', 'delivery-admin'), null],

  // A route requiring auth only (the activation page).
  ['auth only: unauthenticated → login', AUTH_ONLY, session('guest'), 'login'],
  ['auth only: not activated stays', AUTH_ONLY, session('inactive', 'client', MERCHANT_PERMS), null],
  ['auth only: activated client → first permission', AUTH_ONLY, session('active', 'client', MERCHANT_PERMS), 'dashboard'],
  ['auth only: activated admin → first permission', AUTH_ONLY, session('active', 'admin', ADMIN_PERMS), 'dashboard'],
  ['auth only: activated staff → its first permission', AUTH_ONLY, session('active', 'admin', STAFF_PERMS), 'cities'],
  ['auth only: activated delivery with permissions → first permission', AUTH_ONLY, session('active', 'delivery-admin', ['home', 'invoices']), 'home'],
  ['auth only: activated delivery without permissions → all-parcels', AUTH_ONLY, session('active', 'delivery-admin', []), 'all-parcels'],

  // Guest-only routes (login, register).
  ['guest only: unauthenticated stays', GUEST_ONLY, session('guest'), null],
  ['guest only: activated client → first permission', GUEST_ONLY, session('active', 'client', MERCHANT_PERMS), 'dashboard'],
  ['guest only: activated admin → first permission', GUEST_ONLY, session('active', 'admin', ADMIN_PERMS), 'dashboard'],
  ['guest only: activated staff → its first permission', GUEST_ONLY, session('active', 'admin', STAFF_PERMS), 'cities'],
  ['guest only: activated delivery → all-parcels', GUEST_ONLY, session('active', 'delivery-admin', ['home']), 'all-parcels'],
  ['guest only: client not activated → activation', GUEST_ONLY, session('inactive', 'client', MERCHANT_PERMS), 'activation'],
  ['guest only: delivery not activated → activation', GUEST_ONLY, session('inactive', 'delivery-admin'), 'activation'],

  // Routes without rules (the 404 page).
  ['no rule: unauthenticated stays', NO_RULE, session('guest'), null],
  ['no rule: not activated stays', NO_RULE, session('inactive', 'client'), null],
  ['no rule: activated stays', NO_RULE, session('active', 'admin', ADMIN_PERMS), null],
];

describe('navigation guard (specification, section 4)', () => {
  it.each(rows)('%s', (_label, meta, info, expected) => {
    expect(guard(meta, info)).toBe(expected);
  });

  it('sends an activated admin or client without any permission to the profile', () => {
    expect(guard(GUEST_ONLY, session('active', 'client', []))).toBe('profile');
    expect(guard(AUTH_ONLY, session('active', 'admin', []))).toBe('profile');
  });
});
