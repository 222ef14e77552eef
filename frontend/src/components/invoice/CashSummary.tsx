import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { MoneyText } from '../MoneyText';
import { SignedMoneyText } from '../SignedMoneyText';
import { formatCount } from '../money';
import { useLanguage, useT } from '../../i18n';
import type { MerchantInvoiceType, InvoiceFamily, Totals } from './api';
import '../../i18n/invoices';

/** The three kinds of invoice, which name their amounts differently. */
export type InvoiceKind = 'delivery' | MerchantInvoiceType;

/**
 * The total as shown under its label: what the merchant owes on a returned invoice is shown
 * without a minus (« Dû par le marchand 30,00 DH »).
 */
export function shownTotal(kind: InvoiceKind, total: number): number {
  return kind === 'returned' ? Math.abs(total) : total;
}

export function invoiceKindOf(family: InvoiceFamily, type?: MerchantInvoiceType): InvoiceKind {
  return family === 'delivery' ? 'delivery' : type ?? 'delivered';
}

/**
 * Cash collected, minus the fees (or commissions), equals the total: what the delivery person
 * hands over (cash collected and paid out apart, and his carried balance), what the shop is
 * paid, or (returned) what it owes. `large` puts the total first.
 */
export function CashSummary({
  kind,
  totals,
  large = false,
  settled = false,
  carriedLabel,
  testId = 'cash-summary',
}: {
  kind: InvoiceKind;
  totals: Totals;
  large?: boolean;
  /** The carried line's words (« Écart antérieur à régulariser » unless told). */
  carriedLabel?: string;
  /** Paid (client invoices) or validated (delivery invoices): the total says it was settled. */
  settled?: boolean;
  testId?: string;
}) {
  const t = useT();
  const language = useLanguage();
  const row = (label: string, value: ReactNode, id: string, strong = false) => (
    <Box sx={{ display: 'contents' }} data-testid={`${testId}-${id}`}>
      <Typography variant={strong && large ? 'subtitle1' : 'body2'} sx={{ fontWeight: strong ? 700 : 400 }} color={strong ? 'text.primary' : 'text.secondary'}>
        {label}
      </Typography>
      <Typography
        variant={strong ? (large ? 'h4' : 'subtitle1') : 'body2'}
        component="p"
        sx={{ fontWeight: strong ? 700 : 500, textAlign: 'right', m: 0 }}
        data-testid={`${testId}-${id}-value`}
      >
        {value}
      </Typography>
    </Box>
  );
  return (
    <Box
      sx={{ display: 'grid', gridTemplateColumns: '1fr auto', alignItems: 'baseline', columnGap: 2, rowGap: 0.75 }}
      data-testid={testId}
    >
      {row(t('invoices.summary.count'), formatCount(totals.count, language), 'count')}
      {totals.cash && (
        <>
          {row(t('invoices.summary.collected'), <MoneyText centimes={totals.cash.cash_to_collect} />, 'collected')}
          {row(t('invoices.summary.paidOut'), <MoneyText centimes={-totals.cash.cash_to_pay_out} />, 'paid-out')}
        </>
      )}
      {row(t(totals.cash ? 'invoices.summary.net' : 'invoices.summary.cod'), <MoneyText centimes={totals.cod} />, 'cod')}
      {row(t(`invoices.summary.deductions.${kind}`), <MoneyText centimes={-totals.deductions} />, 'deductions')}
      {totals.carried ? row(carriedLabel ?? t('invoices.summary.carried'), <SignedMoneyText centimes={totals.carried} />, 'carried') : null}
      <Box sx={{ gridColumn: '1 / -1', borderTop: 1, borderColor: 'divider', my: 0.25 }} />
      {row(
        t(settled ? `invoices.summary.settled.${kind}` : `invoices.summary.total.${kind}`),
        <MoneyText centimes={shownTotal(kind, totals.total)} />,
        'total',
        true,
      )}
    </Box>
  );
}
