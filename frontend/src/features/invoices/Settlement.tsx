import AccountBalanceWallet from '@mui/icons-material/AccountBalanceWalletOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useAppSelector } from '../../core/hooks';
import { selectSessionInfo } from '../../core/session/authSlice';
import { DateText } from '../../components/DateText';
import { MoneyText } from '../../components/MoneyText';
import { useT, type Translate } from '../../i18n';
import { pathOf } from '../../navigation/access';
import { NOT_FOUND_PATH } from '../../navigation/routes';
import type { Role } from '../../navigation/types';
import type { InvoiceSettlement, MerchantInvoice } from '../../components/invoice/api';
import { merchantAccountHref } from '../../components/invoice/balanceParams';
import '../../i18n/invoices';

/** What is still owed on a returned-type invoice: the amount, « Réglée » at zero, « — » before validation. */
export function Outstanding({ outstanding, testId, size = 'small' }: { outstanding: number | null | undefined; testId: string; size?: 'small' | 'medium' }) {
  const t = useT();
  if (outstanding === null || outstanding === undefined) return <span data-testid={testId}>—</span>;
  if (outstanding === 0) return <Chip size={size} color="success" variant="outlined" label={t('invoices.outstandingSettled')} data-testid={testId} sx={{ fontWeight: 600 }} />;
  return (
    <Typography component="span" variant={size === 'medium' ? 'subtitle1' : 'body2'} sx={{ fontWeight: 600, color: 'error.main', whiteSpace: 'nowrap' }} data-testid={testId}>
      <MoneyText centimes={outstanding} />
    </Typography>
  );
}

/** « Déduite sur FC-… », « Paiement réf. … », « Remise ». */
export function settlementWords(settlement: InvoiceSettlement, t: Translate): string {
  switch (settlement.kind) {
    case 'deduction':
      return settlement.invoice ? t('invoices.settledBy.deduction', { invoice: settlement.invoice }) : t('invoices.settledBy.deductionAny');
    case 'payment':
      return settlement.reference ? t('invoices.settledBy.payment', { reference: settlement.reference }) : t('invoices.settledBy.paymentAny');
    case 'write_off':
      return t('invoices.settledBy.write_off');
  }
}

/**
 * A validated returned-type invoice: what is still owed on it (« Reste dû ») and how it was settled
 * (« Réglée par »: the deductions on later payouts, the payments, the write-offs, oldest first).
 */
export function ReturnedSettlement({ invoice }: { invoice: MerchantInvoice }) {
  const t = useT();
  const settlements = invoice.settled_by;
  return (
    // Under the totals (and the TVA), across the summary's card.
    <Box sx={{ display: 'grid', gap: 1.5, gridColumn: '1 / -1', borderTop: 1, borderColor: 'divider', pt: 2 }} data-testid="invoice-settlement">
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2 }} data-testid="invoice-outstanding">
        <Typography variant="body2" sx={{ fontWeight: 700 }}>
          {t('invoices.outstanding')}
        </Typography>
        <Outstanding outstanding={invoice.outstanding} size="medium" testId="invoice-outstanding-value" />
      </Box>
      <Box>
        <Typography variant="caption" color="text.secondary" component="h3" sx={{ m: 0 }}>
          {t('invoices.settledBy')}
        </Typography>
        {settlements.length === 0 ? (
          <Typography variant="body2" color="text.secondary" data-testid="invoice-settled-by-none">
            {t('invoices.settledBy.none')}
          </Typography>
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.75 }} data-testid="invoice-settled-by">
            {settlements.map((settlement, index) => (
              <Box
                component="li"
                key={`${settlement.kind}-${settlement.created_at}-${index}`}
                sx={{ display: 'grid', gridTemplateColumns: '1fr auto', columnGap: 2, alignItems: 'baseline' }}
                data-testid="invoice-settled-by-item"
              >
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    {settlementWords(settlement, t)}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    <DateText value={settlement.created_at} />
                  </Typography>
                </Box>
                <Typography variant="body2" sx={{ fontWeight: 600, textAlign: 'right', whiteSpace: 'nowrap' }}>
                  <MoneyText centimes={settlement.amount} />
                </Typography>
              </Box>
            ))}
          </Box>
        )}
      </Box>
    </Box>
  );
}

/**
 * In place of « Enregistrer le paiement » on a validated returned-type invoice: it is settled
 * through the merchant's account, with a link to it (the admin's accounts screen, or the
 * merchant's dashboard card).
 */
export function ThroughAccount({ invoice, role }: { invoice: MerchantInvoice; role: Role }) {
  const t = useT();
  const session = useAppSelector(selectSessionInfo);
  const screen = pathOf(role === 'admin' ? 'merchant-accounts' : 'dashboard', session);
  const href = screen === NOT_FOUND_PATH ? null : role === 'admin' ? merchantAccountHref(screen, invoice.client.key) : screen;
  return (
    <Alert
      severity="info"
      icon={<AccountBalanceWallet />}
      data-testid="invoice-through-account"
      action={
        href ? (
          <Button component={RouterLink} to={href} color="inherit" size="small" data-testid="invoice-account-link">
            {t(role === 'admin' ? 'invoices.account.see' : 'invoices.account.seeMine')}
          </Button>
        ) : undefined
      }
    >
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {t('invoices.account.throughAccount')}
      </Typography>
      <Typography variant="body2">{t(role === 'admin' ? 'invoices.account.throughAccountHint' : 'invoices.account.throughAccountMine')}</Typography>
    </Alert>
  );
}
