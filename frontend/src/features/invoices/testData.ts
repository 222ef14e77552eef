// Invoices as docs/invoices-api.md describes them, for the component tests.
import type { DeliveryPersonBalanceEntry, MerchantInvoice, DeliveryPersonBalance, DeliveryInvoice, InvoiceLine, UnpaidDeliveryPerson, UnpaidShop } from '../../components/invoice/api';

export const DELIVERY_PERSON = { key: 'D1', full_name: 'Hamid Ouazzani', phone: '0661000001' };

/** A delivered parcel's line: COD minus a 20 DH commission (delivery) or a 35 DH fee (client). */
export function line(parcel: string, overrides: Partial<InvoiceLine> = {}, family: 'client' | 'delivery' = 'delivery'): InvoiceLine {
  const cod = overrides.cod_amount ?? 24900;
  const deduction = overrides.fee ?? overrides.commission ?? (family === 'delivery' ? 2000 : 3500);
  return {
    parcel,
    recipient_name: 'Amina Benali',
    city: 'CASA',
    city_name: 'Casablanca',
    status: 'delivered',
    status_label: 'Livré',
    kind: 'standard',
    cod_amount: cod,
    ...(family === 'delivery' ? { commission: deduction } : { fee: deduction }),
    amount: cod - deduction,
    ...overrides,
  };
}

export function linesReply(lines: InvoiceLine[]) {
  return { status: 200, body: { data: lines } };
}

export function deliveryInvoice(key: string, overrides: Partial<DeliveryInvoice> = {}): DeliveryInvoice {
  return {
    key,
    number: null,
    status: 'draft',
    status_label: 'Brouillon',
    delivery_admin: DELIVERY_PERSON,
    parcels_count: 2,
    cash_to_collect: 44900,
    cash_to_pay_out: 0,
    net_cash: 44900,
    cod_total: 44900,
    commission_total: 4000,
    carried_balance: 0,
    total: 40900,
    counted_amount: null,
    difference: null,
    created_at: '2026-03-05T17:30:00Z',
    counted_at: null,
    validated_at: null,
    ...overrides,
  };
}

/** The TVA figures of an invoice validated before TVA existed: all null (no TVA block). */
export const NO_TVA = { tva_rate: null, tva_exemption: null, fees_ht: null, tva_amount: null, fees_ttc: null } as const;

/** The fees' TVA at `rate` percent, the fees being TTC: 7000 at 20 % → 5833 HT + 1167 TVA. */
export function tvaOf(feesTtc: number, rate = 20): Pick<MerchantInvoice, 'tva_rate' | 'tva_exemption' | 'fees_ht' | 'tva_amount' | 'fees_ttc'> {
  const ht = Math.round((feesTtc * 100) / (100 + rate));
  return { tva_rate: rate, tva_exemption: null, fees_ht: ht, tva_amount: feesTtc - ht, fees_ttc: feesTtc };
}

/** A client invoice; its TVA figures (20 %) follow `fees_total` unless given. */
export function merchantInvoice(key: string, overrides: Partial<MerchantInvoice> = {}): MerchantInvoice {
  return {
    ...tvaOf(overrides.fees_total ?? 7000),
    key,
    number: null,
    type: 'delivered',
    status: 'draft',
    status_label: 'Brouillon',
    shop: { key: 'S1', name: 'Boutique Atlas', bank_account: '011780000012345678901234' },
    client: { key: 'M1', name: 'Atlas SARL' },
    parcels_count: 2,
    cod_total: 44900,
    fees_total: 7000,
    total: 37900,
    payment_method: null,
    payment_reference: null,
    paid_on: null,
    created_at: '2026-03-06T09:00:00Z',
    validated_at: null,
    paid_at: null,
    deducted: 0,
    deducted_for: [],
    outstanding: null,
    settled_by: [],
    ...overrides,
  };
}

export function unpaidShop(key: string, overrides: Partial<UnpaidShop> = {}): UnpaidShop {
  return {
    key,
    name: 'Boutique Atlas',
    client: { key: 'M1', name: 'Atlas SARL' },
    bank_account: '011780000012345678901234',
    parcels_count: 3,
    cod_total: 64800,
    fees_total: 10500,
    total: 54300,
    ...overrides,
  };
}

export function unpaidDeliveryPerson(overrides: Partial<UnpaidDeliveryPerson> = {}): UnpaidDeliveryPerson {
  return { ...DELIVERY_PERSON, parcels_count: 3, cod_total: 64800, commission_total: 6000, total: 58800, ...overrides };
}

/** A delivery person's balance as GET /api/delivery-admins/{key}/balance answers it. */
export function deliveryPersonBalance(balance: number, entries: DeliveryPersonBalance['entries'] = [], overrides: Partial<DeliveryPersonBalance> = {}): DeliveryPersonBalance {
  return { delivery_admin: DELIVERY_PERSON, balance, entries, carried_on: [], ...overrides };
}

export function balanceEntry(
  key: string,
  kind: DeliveryPersonBalanceEntry['kind'],
  amount: number,
  overrides: Partial<DeliveryPersonBalanceEntry> = {},
): DeliveryPersonBalanceEntry {
  return {
    key,
    kind,
    amount,
    invoice: kind === 'difference' || kind === 'deduction' ? 'FL-2026-000001' : null,
    reference: null,
    comment: null,
    author: { key: 'A1', name: 'Samira Admin' },
    created_at: '2026-03-06T10:00:00Z',
    ...overrides,
  };
}
