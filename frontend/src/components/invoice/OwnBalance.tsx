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
import { Suspense, useState } from 'react';
import { lazyNamed } from '../lazy';
import { formatMoney } from '../money';
import { useLanguage, useT } from '../../i18n';
import type { BalanceEntry } from './api';
import { BalanceChip, balanceSide } from './BalanceChip';
// The entries' table (a DataTable) loads when asked for: the home screens stay light.
const BalanceEntries = lazyNamed(() => import(/* webpackChunkName: "balance-entries" */ './BalanceEntries'), 'BalanceEntries');
import type { BalanceParty } from './balanceParty';
import '../../i18n/invoices';

/** What the card reads from the balance's query (a delivery person's or a merchant's account). */
export interface OwnBalanceQuery {
  data?: { data: { balance: number; entries: readonly BalanceEntry[] } };
  isLoading: boolean;
  isError: boolean;
}

/**
 * His own balance with the company, in words, and its entries on demand: the delivery person's
 * (his invoices screen) or the merchant's account (his dashboard). The test ids start with `testId`.
 */
export function OwnBalance({ party, query, testId = 'my-balance' }: { party: BalanceParty; query: OwnBalanceQuery; testId?: string }) {
  const t = useT();
  const language = useLanguage();
  const [showing, setShowing] = useState(false);
  if (query.isLoading) return <Skeleton variant="rounded" height={88} data-testid={`${testId}-loading`} />;
  if (query.isError || !query.data) return <Alert severity="error" data-testid={`${testId}-error`}>{t('invoices.balance.loadError')}</Alert>;
  const balance = query.data.data;
  const side = balanceSide(balance.balance, party);
  const explain = { owes: party.texts.mineOwes, owed: party.texts.mineOwed, even: party.texts.mineEven }[side];
  return (
    <Card variant="outlined" data-testid={testId} data-balance={balance.balance}>
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {t(party.texts.mine)}
          </Typography>
          <BalanceChip balance={balance.balance} party={party} own size="medium" testId={`${testId}-value`} />
        </Stack>
        <Typography variant="body2" color="text.secondary" data-testid={`${testId}-explain`}>
          {t(explain, { amount: formatMoney(Math.abs(balance.balance), language) })}
        </Typography>
        {balance.entries.length > 0 && (
          <Box>
            <Button
              size="small"
              onClick={() => setShowing((shown) => !shown)}
              endIcon={showing ? <ExpandLess /> : <ExpandMore />}
              aria-expanded={showing}
              data-testid={`${testId}-toggle`}
            >
              {t(showing ? 'invoices.balance.hideEntries' : 'invoices.balance.showEntries')}
            </Button>
            {showing && (
              <Suspense fallback={<Skeleton variant="rounded" height={120} data-testid={`${testId}-entries-loading`} />}>
                <BalanceEntries entries={balance.entries} party={party} showAuthor={false} testId={`${testId}-entries`} />
              </Suspense>
            )}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
