import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useT } from '../i18n';
import type { CashFigures } from './cash';
import { MoneyText } from './MoneyText';

interface Props {
  figures: CashFigures;
  /** `inline`: one line (a dialog, a list header); `grid`: label and amount per row. */
  variant?: 'inline' | 'grid';
  testId?: string;
}

/**
 * Cash to collect, cash to pay out (refunds) and the net, apart: a refund is never added to
 * what the delivery person collects. Rows at zero are left out of the inline form but the net.
 */
export function CashBreakdown({ figures, variant = 'grid', testId = 'cash-breakdown' }: Props) {
  const t = useT();
  const rows = [
    { id: 'collect', label: t('cash.toCollect'), value: figures.cash_to_collect, show: variant === 'grid' || figures.cash_to_collect !== 0 },
    { id: 'pay-out', label: t('cash.toPayOut'), value: figures.cash_to_pay_out, show: variant === 'grid' || figures.cash_to_pay_out !== 0 },
    { id: 'net', label: t('cash.net'), value: figures.net_cash, show: true },
  ].filter((row) => row.show);
  if (variant === 'inline') {
    return (
      <Box component="span" data-testid={testId} sx={{ display: 'inline-flex', flexWrap: 'wrap', columnGap: 1.5, rowGap: 0.25 }}>
        {rows.map((row) => (
          <Box component="span" key={row.id} data-testid={`${testId}-${row.id}`} sx={{ whiteSpace: 'nowrap', fontWeight: row.id === 'net' ? 600 : undefined }}>
            {row.label} : <MoneyText centimes={row.value} />
          </Box>
        ))}
      </Box>
    );
  }
  return (
    <Box data-testid={testId} sx={{ display: 'grid', gridTemplateColumns: '1fr auto', columnGap: 2, rowGap: 0.5, alignItems: 'baseline' }}>
      {rows.map((row) => (
        <Box key={row.id} sx={{ display: 'contents' }} data-testid={`${testId}-${row.id}`}>
          <Typography variant="body2" color={row.id === 'net' ? 'text.primary' : 'text.secondary'} sx={{ fontWeight: row.id === 'net' ? 600 : 400 }}>
            {row.label}
          </Typography>
          <Typography variant="body2" component="p" sx={{ m: 0, textAlign: 'right', fontWeight: row.id === 'net' ? 700 : 500 }} data-testid={`${testId}-${row.id}-value`}>
            <MoneyText centimes={row.value} />
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
