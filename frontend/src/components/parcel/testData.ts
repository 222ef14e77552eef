// Parcels as the API sends them, for the component tests.
import type { Parcel, ParcelList } from './api';
import type { UnappliedOutcome } from './unapplied';

export function parcel(key: string, overrides: Partial<Parcel> = {}): Parcel {
  return {
    key,
    shop: 'S1',
    shop_name: 'Boutique Atlas',
    client: 'M1',
    client_name: 'Atlas SARL',
    reference: null,
    recipient_name: 'Amina Benali',
    recipient_phone: '0612345678',
    recipient_phone_alt: null,
    city: 'CASA',
    city_name: 'Casablanca',
    address: '12 rue des Orangers, Maarif',
    cod_amount: 24900,
    product: "Robe d'été",
    quantity: 1,
    note: null,
    can_open: true,
    can_try: false,
    fragile: false,
    kind: 'standard',
    original_parcel: null,
    item_to_collect: null,
    fees: { delivery: 3500, return: 1000, refusal: 1500 },
    confirmation_fee: 0,
    status: 'new',
    status_label: 'Nouveau colis',
    payout_state: null,
    attempts: 0,
    postponed_to: null,
    delivery_admin: null,
    delivery_admin_name: null,
    address_change_pending: false,
    actions: ['edit', 'delete', 'cancel', 'change-address'],
    stock_lines: [],
    recipient_history: { delivered: 0, failed: 0, band: 'reliable' },
    created_at: '2026-03-02T09:30:00Z',
    updated_at: '2026-03-02T09:30:00Z',
    ...overrides,
  };
}

/** A keyset page: the first page is counted, the next ones are reached with `next_cursor`. */
export function parcelPage(rows: Parcel[], options: { nextCursor?: string | null; total?: number | null; capped?: boolean } = {}): { status: number; body: ParcelList } {
  return {
    status: 200,
    body: {
      data: rows,
      meta: {
        page: 1,
        per_page: 25,
        total: options.total === undefined ? rows.length : options.total,
        total_capped: options.capped ?? false,
        next_cursor: options.nextCursor ?? null,
      },
    },
  };
}

/** A refused outcome kept for the office: a « Livré » of 249,00 DH refused on a lost parcel. */
export function unappliedOutcome(key: string, overrides: Partial<UnappliedOutcome> = {}): UnappliedOutcome {
  return {
    key,
    parcel: { key: 'K1', status: 'lost', status_label: 'Perdu', recipient_name: 'Amina Benali', cod_amount: 24900 },
    delivery_admin: { key: 'D1', full_name: 'Youssef El Idrissi' },
    outcome: 'delivered',
    outcome_label: 'Livré',
    comment: null,
    date: null,
    had_proof: true,
    recorded_at: '2026-11-26T10:00:00Z',
    received_at: '2026-11-26T12:30:00Z',
    reason: 'Ce changement de statut n’est pas permis.',
    cash_at_stake: 24900,
    state: 'open',
    resolution: null,
    resolution_comment: null,
    resolved_by_name: null,
    resolved_at: null,
    seen_at: null,
    ...overrides,
  };
}
