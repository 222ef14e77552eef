// Merchant accounts as the API sends them (GET /api/clients), for the component tests.
import { ALL_MERCHANT_PERMISSIONS } from '../../test/fixtures';
import type { MerchantView } from './api';

/** Salma Berrada of Souk Digital (Rabat), waiting for activation, off the confirmation service. */
export function merchantView(key: string, overrides: Partial<MerchantView> = {}): MerchantView {
  return {
    key,
    first_name: 'Salma',
    last_name: 'Berrada',
    email: `${key.toLowerCase()}@souk.ma`,
    phone: '0612345678',
    company: 'Souk Digital',
    city: 'Rabat',
    ice: null,
    active: false,
    user_role: 'client',
    created_at: '2026-02-01T10:00:00Z',
    permissions: ALL_MERCHANT_PERMISSIONS,
    confirmation_required: false,
    confirmation_fee: 0,
    ...overrides,
  };
}
