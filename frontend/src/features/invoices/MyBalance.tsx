import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useT } from '../../i18n';
import { useGetDeliveryPersonBalanceQuery } from '../../components/invoice/api';
import { BalanceChip, balanceSide } from '../../components/invoice/BalanceChip';
import { BalanceEntries } from './BalanceEntries';
import '../../i18n/invoices';

const EXPLAIN = { owes: 'invoices.balance.mineOwes', owed: 'invoices.balance.mineOwed', even: 'invoices.balance.mineEven' } as const;

/** The delivery person's own balance with the company (his invoices screen), and its entries. */
export function MyBalance({ personKey }: { personKey: string }) {
  const t = useT();
  const { data, isLoading, isError } = useGetDeliveryPersonBalanceQuery(personKey, { skip: !personKey });
  const [showing, setShowing] = useState(false);
  if (isLoading) return <Skeleton variant="rounded" height={88} data-testid="my-balance-loading" />;
  if (isError || !data) return <Alert severity="error" data-testid="my-balance-error">{t('invoices.balance.loadError')}</Alert>;
  const balance = data.data;
  return (
    <Card variant="outlined" data-testid="my-balance" data-balance={balance.balance}>
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {t('invoices.balance.mine')}
          </Typography>
          <BalanceChip balance={balance.balance} own size="medium" testId="my-balance-value" />
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {t(EXPLAIN[balanceSide(balance.balance)])}
        </Typography>
        {balance.entries.length > 0 && (
          <Box>
            <Button
              size="small"
              onClick={() => setShowing((shown) => !shown)}
              endIcon={showing ? <ExpandLess /> : <ExpandMore />}
              aria-expanded={showing}
              data-testid="my-balance-toggle"
            >
              {t(showing ? 'invoices.balance.hideEntries' : 'invoices.balance.showEntries')}
            </Button>
            {showing && <BalanceEntries entries={balance.entries} showAuthor={false} testId="my-balance-entries" />}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
