// Vouchers as the API sends them, for the component tests.
import { cashOfParcels } from '../cash';
import type { Parcel } from '../parcel/api';
import type { Voucher, VoucherDetail } from './api';

export function voucher(key: string, overrides: Partial<Voucher> = {}): Voucher {
  return {
    key,
    kind: 'pickup',
    status: 'new',
    status_label: 'Nouveau',
    client: { key: 'M1', name: 'Samira Bennani', company: 'Atlas SARL' },
    shop: { key: 'S1', name: 'Boutique Atlas' },
    delivery_admin: null,
    parcels_count: 2,
    cod_total: 49800,
    moves_cash: false,
    cash_to_collect: 0,
    cash_to_pay_out: 0,
    net_cash: 0,
    created_at: '2026-03-02T09:30:00Z',
    received_at: null,
    created_by: { key: 'U1', name: 'Samira Bennani' },
    received_by: null,
    ...overrides,
  };
}

export function voucherDetail(key: string, parcels: Parcel[], overrides: Partial<Voucher> = {}): { status: number; body: { data: VoucherDetail } } {
  return {
    status: 200,
    body: {
      data: {
        ...voucher(key, {
          parcels_count: parcels.length,
          cod_total: parcels.reduce((sum, p) => sum + p.cod_amount, 0),
          // What the server says an exit voucher moves (figures 0 on the other kinds).
          ...(overrides.kind === 'exit' ? { moves_cash: true, ...cashOfParcels(parcels) } : {}),
          ...overrides,
        }),
        parcels,
      },
    },
  };
}

export const DELIVERY_PERSON = {
  key: 'D1',
  name: 'Hamid Ouazzani',
  phone: '0661000001',
};
