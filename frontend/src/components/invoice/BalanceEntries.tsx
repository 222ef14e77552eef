import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { DateTimeText } from '../DateTimeText';
import { SignedMoneyText } from '../SignedMoneyText';
import { DataTable, type Column } from '../table/DataTable';
import { localResult } from '../table/localList';
import { useListState } from '../table/useListState';
import { useT } from '../../i18n';
import type { BalanceEntry } from './api';
import { DELIVERY_PERSON_PARTY, owedBy, type BalanceParty } from './balanceParty';
import '../../i18n/invoices';

/**
 * The amount as it moves the balance, signed as the balance is: « +10,00 DH », « −4,00 DH »;
 * red when he owes more, green when he owes less (the party's sign decides); one left-to-right unit.
 */
export function SignedMoney({ centimes, party = DELIVERY_PERSON_PARTY }: { centimes: number; party?: Pick<BalanceParty, 'owingSign'> }) {
  return (
    <Box component="span" sx={{ color: owedBy(party, centimes) > 0 ? 'error.main' : 'success.main', fontWeight: 600 }}>
      <SignedMoneyText centimes={centimes} />
    </Box>
  );
}

/**
 * The entries of a balance (a delivery person's or a merchant's account), newest first: when,
 * what (the invoice, the reference, the comment), who, how much.
 */
export function BalanceEntries({
  entries,
  party = DELIVERY_PERSON_PARTY,
  showAuthor = true,
  testId = 'balance-entries',
}: {
  entries: readonly BalanceEntry[];
  party?: BalanceParty;
  showAuthor?: boolean;
  testId?: string;
}) {
  const t = useT();
  const list = useListState({ perPage: 100, url: false });
  const columns: Column<BalanceEntry>[] = [
    {
      id: 'kind',
      label: t('invoices.balance.entry.kind'),
      render: (entry) => (
        <Box>
          <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="balance-entry-kind">
            {t(party.texts.kind[entry.kind])}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="div">
            <DateTimeText value={entry.created_at} />
          </Typography>
        </Box>
      ),
    },
    {
      id: 'details',
      label: t('invoices.balance.entry.details'),
      render: (entry) => {
        const parts = [
          entry.invoice ? t('invoices.balance.entry.invoice', { number: entry.invoice }) : null,
          entry.reference ? t('invoices.balance.entry.reference', { reference: entry.reference }) : null,
          entry.comment,
        ].filter(Boolean);
        return parts.length > 0 ? <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>{parts.join(' · ')}</Typography> : '—';
      },
    },
    ...(showAuthor ? [{ id: 'author', label: t('invoices.balance.entry.author'), render: (entry: BalanceEntry) => entry.author?.name ?? '—' }] : []),
    {
      id: 'amount',
      label: t('invoices.balance.entry.amount'),
      align: 'right',
      card: 'badge',
      render: (entry) => (
        <Box data-testid="balance-entry-amount">
          <SignedMoney centimes={entry.amount} party={party} />
        </Box>
      ),
    },
  ];
  return (
    <DataTable<BalanceEntry>
      embedded
      testId={testId}
      columns={columns}
      list={list}
      result={localResult(entries, list, { isFetching: false, isError: false, refetch: () => undefined })}
      rowKey={(entry) => entry.key}
      emptyMessage={t('invoices.balance.noEntries')}
    />
  );
}
