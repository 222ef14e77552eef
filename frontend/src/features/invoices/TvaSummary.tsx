import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { MoneyText } from '../../components/MoneyText';
import { formatCount } from '../../components/money';
import type { MerchantInvoice } from '../../components/invoice/api';
import { useLanguage, useT } from '../../i18n';
import '../../i18n/invoices';

type TvaFigures = Pick<MerchantInvoice, 'tva_rate' | 'tva_exemption' | 'fees_ht' | 'tva_amount' | 'fees_ttc'>;

/** Whether a client invoice carries its fees' TVA (null figures: validated before TVA existed). */
export function hasTva(invoice: Partial<TvaFigures>): boolean {
  return invoice.fees_ht !== null && invoice.fees_ht !== undefined;
}

/**
 * The TVA of a client invoice's fees, beside its totals: « Frais HT », « TVA (20 %) » (or the
 * exemption mention), « Frais TTC » (the fees of the price list, TTC). The cash collected for the
 * shop (débours) bears none and stays in the totals. Nothing for an invoice without the figures.
 */
export function TvaSummary({ invoice }: { invoice: TvaFigures }) {
  const t = useT();
  const language = useLanguage();
  const titleId = useId();
  if (!hasTva(invoice)) return null;
  const exemption = invoice.tva_exemption?.trim();
  const row = (label: string, value: ReactNode, id: string, strong = false) => (
    <Box sx={{ display: 'contents' }} data-testid={`invoice-tva-${id}`}>
      <Typography variant="body2" sx={{ fontWeight: strong ? 700 : 400 }} color={strong ? 'text.primary' : 'text.secondary'}>
        {label}
      </Typography>
      <Typography variant={strong ? 'subtitle1' : 'body2'} component="p" sx={{ fontWeight: strong ? 700 : 500, textAlign: 'right', m: 0 }} data-testid={`invoice-tva-${id}-value`}>
        {value}
      </Typography>
    </Box>
  );
  return (
    <Box
      component="section"
      aria-labelledby={titleId}
      data-testid="invoice-tva"
      sx={{
        display: 'grid',
        gridTemplateColumns: '1fr auto',
        alignItems: 'baseline',
        alignContent: 'start',
        columnGap: 2,
        rowGap: 0.75,
        // Beside the totals on a wide screen, under them on a phone.
        borderTop: { xs: 1, sm: 0 },
        borderLeft: { xs: 0, sm: 1 },
        borderColor: 'divider',
        pt: { xs: 2, sm: 0 },
        pl: { xs: 0, sm: 2 },
      }}
    >
      <Typography variant="overline" color="text.secondary" component="h3" id={titleId} sx={{ gridColumn: '1 / -1', lineHeight: 1.5 }}>
        {t('invoices.tva.title')}
      </Typography>
      {row(t('invoices.tva.ht'), <MoneyText centimes={invoice.fees_ht} />, 'ht')}
      {exemption ? (
        <Typography variant="body2" sx={{ gridColumn: '1 / -1', fontStyle: 'italic', overflowWrap: 'anywhere' }} data-testid="invoice-tva-exemption">
          <bdi>{exemption}</bdi>
        </Typography>
      ) : (
        row(t('invoices.tva.line', { rate: formatCount(invoice.tva_rate ?? 0, language) }), <MoneyText centimes={invoice.tva_amount} />, 'amount')
      )}
      <Box sx={{ gridColumn: '1 / -1', borderTop: 1, borderColor: 'divider', my: 0.25 }} />
      {row(t('invoices.tva.ttc'), <MoneyText centimes={invoice.fees_ttc} />, 'ttc', true)}
      <Typography variant="caption" color="text.secondary" sx={{ gridColumn: '1 / -1' }} data-testid="invoice-tva-cod">
        {t('invoices.tva.cod')}
      </Typography>
    </Box>
  );
}
