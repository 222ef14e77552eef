import type { Inventory, InventoryMerchant, InventoryMerchantStatus, Movement } from '../../components/inventory/api';

export const MERCHANT = { key: 'M1', name: 'Samira Bennani', company: 'Atlas Mode' };

export function serviceRow(status: InventoryMerchantStatus, overrides: Partial<InventoryMerchant> = {}): InventoryMerchant {
  const labels = { pending: 'En attente', active: 'Actif', suspended: 'Suspendu' } as const;
  return {
    key: 'M1',
    client: MERCHANT,
    status,
    status_label: labels[status],
    products: 0,
    created_at: '2026-11-20T09:00:00Z',
    decided_at: status === 'pending' ? null : '2026-11-21T09:00:00Z',
    ...overrides,
  };
}

export function product(key: string, sku: string, name: string, overrides: Partial<Inventory> = {}): Inventory {
  return {
    key,
    sku,
    name,
    alert_threshold: 5,
    on_hand: 20,
    reserved: 2,
    available: 18,
    low: false,
    pending_entries: 0,
    client: MERCHANT,
    created_at: '2026-11-20T09:00:00Z',
    updated_at: '2026-11-20T09:00:00Z',
    ...overrides,
  };
}

export function movement(key: string, code: string, item: Inventory, overrides: Partial<Movement> = {}): Movement {
  return {
    key,
    code,
    inventory: { key: item.key, sku: item.sku, name: item.name },
    client: MERCHANT,
    type: 'entry',
    type_label: 'Entrée',
    state: 'pending',
    state_label: 'En attente',
    quantity: 12,
    received_quantity: null,
    comment: null,
    parcel: null,
    entry_slip: 'ES1',
    author: { name: 'Samira Bennani', role: 'client' },
    decided_by: null,
    decision_comment: null,
    created_at: '2026-11-25T09:00:00Z',
    decided_at: null,
    deletable: true,
    ...overrides,
  };
}
