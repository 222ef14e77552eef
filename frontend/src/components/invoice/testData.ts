// Merchants' accounts as the API sends them (GET /api/clients/balances, /api/clients/{key}/balance),
// for the component tests of the invoices and of the dashboard.
import type { MerchantAccount, MerchantAccountEntry, MerchantBalanceRow } from './api';

export const MERCHANT = { key: 'M1', full_name: 'Youssef Alami', company: 'Atlas SARL', phone: '0661000010' };

/** A row of the accounts list: 30 DH owed (negative) unless told. */
export function merchantBalanceRow(overrides: Partial<MerchantBalanceRow> = {}): MerchantBalanceRow {
  return { ...MERCHANT, balance: -3000, ...overrides };
}

/** An entry of a merchant's account: fees are negative (he owes more), the rest positive. */
export function accountEntry(key: string, kind: MerchantAccountEntry['kind'], amount: number, overrides: Partial<MerchantAccountEntry> = {}): MerchantAccountEntry {
  return {
    key,
    kind,
    amount,
    invoice: kind === 'fees' ? 'FC-2026-000012' : kind === 'deduction' ? 'FC-2026-000020' : null,
    reference: null,
    comment: null,
    author: kind === 'payment' || kind === 'write_off' ? { key: 'A1', name: 'Samira Admin' } : null,
    created_at: '2026-03-06T10:00:00Z',
    ...overrides,
  };
}

/** A merchant's account as GET /api/clients/{key}/balance answers it. */
export function merchantAccount(balance: number, entries: MerchantAccountEntry[] = [], overrides: Partial<MerchantAccount> = {}): MerchantAccount {
  return { client: MERCHANT, balance, entries, ...overrides };
}
