import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeStore } from '../core/store';
import { formatDate, translate, useT } from '../i18n';
import { setLanguage } from '../theme/settingsSlice';
import { renderWithProviders } from '../test/render';
import { DateText } from './DateText';
import { DetailField } from './DetailList';
import { formatCount, formatMoney, parseMoney } from './money';
import { MoneyText } from './MoneyText';
import { PhoneLink, PhoneText } from './PhoneLink';
import { SignedMoney } from './invoice/BalanceEntries';
import { CashSummary } from './invoice/CashSummary';
import { parcelColumns } from './parcel/columns';
import { parcel } from './parcel/testData';
import { DataTable } from './table/DataTable';
import { localResult } from './table/localList';
import { useListState } from './table/useListState';
import '../i18n/invoices';

// Left-to-right isolate (LRI), first-strong isolate (FSI) and their end (PDI): what keeps a number,
// an amount or a date in its own order inside right-to-left text.
const LRI = '\u2066';
const FSI = '\u2068';
const PDI = '\u2069';

function arabicStore() {
  const store = makeStore();
  store.dispatch(setLanguage('ar'));
  return store;
}

function ParcelTable() {
  const t = useT();
  const list = useListState({ perPage: 25 });
  const rows = ['K7QX9M2ABC', 'FL-2026-000001', 'P3', 'P4'].map((key, index) => parcel(key, { cod_amount: index === 1 ? -13500 : 13500 }));
  return (
    <DataTable
      columns={parcelColumns(['code', 'recipient', 'amount', 'date'], t)}
      list={list}
      result={localResult(rows, list, { isFetching: false, isError: false, refetch: () => undefined })}
      rowKey={(row) => row.key}
    />
  );
}

describe('numbers in right-to-left text', () => {
  it('keeps an amount one left-to-right unit in Arabic, its minus on the left, and French as it was', () => {
    expect(formatMoney(13500, 'ar')).toBe(`${LRI}135,00\u00a0DH${PDI}`);
    expect(formatMoney(-13500, 'ar')).toBe(`${LRI}\u2212135,00\u00a0DH${PDI}`);
    expect(formatMoney(123456789, 'ar')).toBe(`${LRI}1\u202f234\u202f567,89\u00a0DH${PDI}`);
    expect(formatMoney(-13500, 'fr')).toBe('\u2212135,00\u00a0DH');
    // A grouped count too; a plain one needs nothing.
    expect(formatCount(1234, 'ar')).toBe(`${LRI}1\u202f234${PDI}`);
    expect(formatCount(4, 'ar')).toBe('4');
    // Inside a sentence the amount is not isolated twice.
    expect(translate('ar', 'invoices.difference.short', { amount: formatMoney(500, 'ar') })).toBe(`نقص ${LRI}5,00\u00a0DH${PDI}`);
  });

  it('reads what an Arabic keyboard types', () => {
    expect(parseMoney('١٣٥٫٥٠ درهم')).toBe(13550);
    expect(parseMoney(`${LRI}135,00\u00a0DH${PDI}`)).toBe(13500);
  });

  it('renders an amount and a negative amount in Arabic in reading order', () => {
    renderWithProviders(
      <>
        <span data-testid="amount">
          <MoneyText centimes={13500} />
        </span>
        <span data-testid="negative">
          <MoneyText centimes={-13500} />
        </span>
      </>,
      { store: arabicStore() },
    );
    expect(screen.getByTestId('amount').textContent).toBe(`${LRI}135,00\u00a0DH${PDI}`);
    // Never « DH 135,00- »: the minus, the digits and DH keep their left-to-right order.
    expect(screen.getByTestId('negative').textContent).toBe(`${LRI}\u2212135,00\u00a0DH${PDI}`);
  });

  it('keeps the sign of a signed amount before its digits, inside the isolate', () => {
    renderWithProviders(
      <>
        <span data-testid="debit">
          <SignedMoney centimes={-400} />
        </span>
        <span data-testid="credit">
          <SignedMoney centimes={1000} />
        </span>
        <CashSummary kind="delivery" totals={{ count: 2, cod: 20000, deductions: 3500, total: 16500, carried: -600, cash: { cash_to_collect: 20000, cash_to_pay_out: 0, net_cash: 20000 } }} />
      </>,
      { store: arabicStore() },
    );
    // Never « 4,00 DH − » nor « − 4,00 DH » with the sign outside: « −4,00 DH » as one unit.
    expect(screen.getByTestId('debit').textContent).toBe(`${LRI}\u22124,00\u00a0DH${PDI}`);
    expect(screen.getByTestId('credit').textContent).toBe(`${LRI}+10,00\u00a0DH${PDI}`);
    expect(screen.getByTestId('cash-summary-deductions-value').textContent).toBe(`${LRI}\u221235,00\u00a0DH${PDI}`);
    expect(screen.getByTestId('cash-summary-carried-value').textContent).toBe(`${LRI}\u22126,00\u00a0DH${PDI}`);
    expect(screen.getByTestId('cash-summary-paid-out-value').textContent).toBe(`${LRI}0,00\u00a0DH${PDI}`);
  });

  it('isolates a phone number left to right: its « + » stays in front', () => {
    renderWithProviders(
      <>
        <span data-testid="text">
          <PhoneText phone="+212612345678" />
        </span>
        <PhoneLink phone="+212612345678" />
        <span data-testid="none">
          <PhoneText phone={null} />
        </span>
      </>,
      { store: arabicStore() },
    );
    expect(screen.getByTestId('text').querySelector('bdi')).toHaveAttribute('dir', 'ltr');
    expect(screen.getByTestId('text').textContent).toBe('+212612345678');
    expect(screen.getByRole('link', { name: '+212612345678' }).querySelector('bdi')).toHaveAttribute('dir', 'ltr');
    expect(screen.getByTestId('none').textContent).toBe('—');
  });

  it('renders a date with Latin digits, isolated', () => {
    renderWithProviders(
      <span data-testid="date">
        <DateText value="2026-11-24T09:30:00Z" />
      </span>,
      { store: arabicStore() },
    );
    const text = screen.getByTestId('date').textContent ?? '';
    expect(text).toBe(formatDate('2026-11-24T09:30:00Z', 'ar', { dateStyle: 'medium' }));
    expect(text.startsWith(FSI) && text.endsWith(PDI)).toBe(true);
    // Day, month, year in Latin digits (ar-MA), one left-to-right run as Moroccan documents write it.
    expect(text).toBe(`${FSI}24/11/2026${PDI}`);
  });

  it('shows a parcel list in Arabic with its codes and phones left to right and its pager « 1–4 من 4 »', () => {
    renderWithProviders(<ParcelTable />, { store: arabicStore() });
    const rows = screen.getAllByTestId('table-row');
    expect(rows).toHaveLength(4);
    const code = within(rows[1]).getByTestId('parcel-code');
    // The code and the phone are isolated left to right: « FL-2026-000001 », not « 2026-000001-FL ».
    expect(code.querySelector('bdi')).toHaveAttribute('dir', 'ltr');
    expect(code.textContent).toBe('FL-2026-000001');
    expect(within(rows[1]).getByRole('link', { name: '0612345678' }).querySelector('bdi')).toHaveAttribute('dir', 'ltr');
    expect(rows[1].textContent).toContain(`${LRI}\u2212135,00\u00a0DH${PDI}`);
    // The range is one left-to-right unit: read right to left it stays « 1–4 », not « 4–1 ».
    expect(screen.getByTestId('table-pagination').textContent).toContain(`${LRI}1–4${PDI} من ${FSI}4${PDI}`);
    expect(screen.getByText('الرمز')).toBeInTheDocument();
  });

  it('lets what people typed keep its own direction: « 18 boulevard Allal El Fassi » is not « boulevard Allal El Fassi 18 »', () => {
    renderWithProviders(<DetailField label="العنوان" value="18 boulevard Allal El Fassi" testId="address" />, { store: arabicStore() });
    const value = screen.getByText('18 boulevard Allal El Fassi');
    // A <bdi> takes the direction of its first letter: left to right here, inside the right-to-left page.
    expect(value.tagName).toBe('BDI');
    expect(value).not.toHaveAttribute('dir');
  });
});
