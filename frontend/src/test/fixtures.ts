import type { SessionPayload, UserData } from '../core/session/types';
import { allPermissions } from '../components/staff/permissions';

/** Every permission of a role (its menu's entries, but « À décider », which others open). */
export const ALL_MERCHANT_PERMISSIONS = allPermissions('client');
export const ALL_ADMIN_PERMISSIONS = allPermissions('admin');

export function user(overrides: Partial<UserData> = {}): UserData {
  return {
    key: 'u_1',
    first_name: 'Samira',
    last_name: 'Bennani',
    full_name: 'Samira Bennani',
    email: 'samira@example.ma',
    phone: '0612345678',
    avatar: null,
    permissions: [],
    ...overrides,
  };
}

export function merchantSession(overrides: Partial<SessionPayload> = {}, data: Partial<UserData> = {}): SessionPayload {
  return {
    active: true,
    user_role: 'client',
    user_data: user({ permissions: ALL_MERCHANT_PERMISSIONS, ...data }),
    ...overrides,
  };
}

export function adminSession(permissions: string[] = ALL_ADMIN_PERMISSIONS, data: Partial<UserData> = {}): SessionPayload {
  return {
    active: true,
    user_role: 'admin',
    user_data: user({ first_name: 'Karim', last_name: 'Alaoui', full_name: 'Karim Alaoui', permissions, ...data }),
  };
}

export function deliverySession(data: Partial<UserData> = {}): SessionPayload {
  return {
    active: true,
    user_role: 'delivery-admin',
    user_data: user({ first_name: 'Youssef', last_name: 'Idrissi', full_name: 'Youssef El Idrissi', permissions: [], ...data }),
  };
}
