import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import HighlightOff from '@mui/icons-material/HighlightOff';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { DateText } from '../../components/DateText';
import { Ltr } from '../../components/Ltr';
import { MoneyText } from '../../components/MoneyText';
import { formatMoney } from '../../components/money';
import { FormDialog } from '../../components/form/FormDialog';
import { ResourceScreen } from '../../components/resource/ResourceScreen';
import type { Column } from '../../components/table/DataTable';
import { useListState } from '../../components/table/useListState';
import { useLanguage, useT } from '../../i18n';
import {
  useDecideBankAccountChangeMutation,
  useListBankAccountChangesQuery,
  type BankAccountChange,
  type BankAccountChangeInvoice,
  type BankAccountChangeStatus,
} from '../../components/shop/api';
import { ChangeCertificate, ChangeReview } from './ChangeReview';
import '../../i18n/payout';
import '../../i18n/screens';

const STATUS_COLORS: Record<BankAccountChangeStatus, 'warning' | 'success' | 'error' | 'default'> = {
  pending: 'warning',
  approved: 'success',
  refused: 'error',
  replaced: 'default',
};

/** The last 4 digits of a masked RIB ("•••• 1234" → "1234"). */
const lastDigits = (rib: string) => rib.replace(/\D/g, '').slice(-4);

/**
 * The shop's validated, unpaid client invoices: the next transfer file pays them to the RIB
 * approved then, so approving this one moves their payment to it.
 */
function MovedInvoices({ invoices }: { invoices: readonly BankAccountChangeInvoice[] }) {
  const t = useT();
  if (invoices.length === 0) return <span data-testid="moved-invoices-none">{t('payout.changes.movesNone')}</span>;
  return (
    <Box data-testid="moved-invoices">
      {t('payout.changes.moves')}
      <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 3 }}>
        {invoices.map((invoice) => (
          <li key={invoice.key} data-testid="moved-invoice">
            <Box component="span" sx={{ fontFamily: 'monospace' }}>
              <Ltr>{invoice.number ?? invoice.key}</Ltr>
            </Box>{' '}
            (<MoneyText centimes={invoice.total} />)
          </li>
        ))}
      </Box>
    </Box>
  );
}

/**
 * /compte/changements-de-rib (admin, `clients`): merchants' new RIBs, the pending ones first
 * (oldest first, a work queue), each approved at once or refused with the reason the merchant
 * will read. RIBs show their last 4 digits only in the list; a pending one's row says whether the
 * bank's certificate is attached, and its approval or refusal shows the whole RIB asked for, split,
 * beside the certificate to check it against.
 */
export default function BankAccountChangesScreen() {
  const t = useT();
  const language = useLanguage();
  const list = useListState({ filters: { status: 'pending' } });
  // The "all" tab asks for every status.
  const status = list.filters.status;
  const result = useListBankAccountChangesQuery({
    ...list.args,
    status: status === 'all' ? undefined : (status as BankAccountChangeStatus),
  });
  const [decide] = useDecideBankAccountChangeMutation();
  const [refusing, setRefusing] = useState<BankAccountChange | null>(null);

  const columns: Column<BankAccountChange>[] = [
    {
      id: 'shop',
      label: t('payout.changes.shop'),
      render: (change) => (
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {change.shop.name}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {change.client.name}
          </Typography>
        </Box>
      ),
    },
    {
      id: 'rib',
      label: t('payout.changes.rib'),
      render: (change) => (
        <Box sx={{ minWidth: 0 }}>
          <Box component="span" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }} data-testid="change-ribs">
            {change.old_bank_account ?? t('payout.changes.none')} → <strong>{change.bank_account}</strong>
          </Box>
          {change.status === 'pending' && change.unpaid_invoices && (
            <Typography variant="caption" color="text.secondary" component="div" data-testid="change-unpaid">
              {change.unpaid_invoices.length === 0
                ? t('payout.changes.movesNone')
                : t('payout.changes.movesCount', {
                    count: change.unpaid_invoices.length,
                    amount: formatMoney(
                      change.unpaid_invoices.reduce((sum, invoice) => sum + invoice.total, 0),
                      language,
                    ),
                  })}
            </Typography>
          )}
          {change.status === 'pending' && (
            <Box sx={{ mt: 0.5 }} data-testid="change-certificate">
              <ChangeCertificate change={change} compact />
            </Box>
          )}
        </Box>
      ),
    },
    {
      id: 'requested_at',
      label: t('payout.changes.requested'),
      render: (change) => (
        <Box sx={{ minWidth: 0 }}>
          <DateText value={change.requested_at} />
          {change.requested_by && (
            <Typography variant="caption" color="text.secondary" component="div">
              {t('payout.changes.by', { name: change.requested_by.name })}
            </Typography>
          )}
        </Box>
      ),
    },
    {
      id: 'status',
      label: t('payout.changes.status'),
      card: 'badge',
      render: (change) => (
        <Box sx={{ display: 'grid', gap: 0.5, justifyItems: 'start' }}>
          <Chip
            size="small"
            variant="outlined"
            color={STATUS_COLORS[change.status]}
            label={t(`payout.status.${change.status}`)}
            data-testid="change-status"
            data-status={change.status}
          />
          {change.comment && (
            <Typography variant="caption" color="text.secondary" dir="auto" sx={{ overflowWrap: 'anywhere' }}>
              {change.comment}
            </Typography>
          )}
        </Box>
      ),
    },
  ];

  return (
    <ResourceScreen<BankAccountChange, Record<string, never>>
      title={t('route.bank-account-changes')}
      subtitle={t('payout.changes.subtitle')}
      testId="bank-account-changes-screen"
      list={list}
      result={result}
      columns={columns}
      rowName={(change) => change.shop.name}
      tabs={{
        filter: 'status',
        options: [
          { value: 'pending', label: t('payout.changes.tab.pending') },
          { value: 'approved', label: t('payout.changes.tab.approved') },
          { value: 'refused', label: t('payout.changes.tab.refused') },
          { value: 'all', label: t('payout.changes.tab.all') },
        ],
      }}
      emptyMessage={t('payout.changes.empty')}
      rowActions={(change, { confirm, notify }) =>
        change.status !== 'pending'
          ? []
          : [
              {
                id: 'approve',
                label: t('payout.changes.approve'),
                icon: <CheckCircleOutlined fontSize="small" />,
                // Approved against the bank's certificate only (the server refuses it otherwise).
                disabled: !change.certificate,
                color: 'success',
                onClick: () =>
                  confirm({
                    title: t('payout.changes.approveTitle', { shop: change.shop.name }),
                    body: (
                      <Stack spacing={1}>
                        <span>{t('payout.changes.approveBody', { rib: change.bank_account })}</span>
                        <ChangeReview change={change} />
                        {change.unpaid_invoices && <MovedInvoices invoices={change.unpaid_invoices} />}
                      </Stack>
                    ),
                    confirmLabel: t('payout.changes.approve'),
                    color: 'success',
                    onConfirm: () => decide({ key: change.key, status: 'approved' }).unwrap(),
                    onDone: () => notify(t('payout.changes.approvedNotice')),
                    testId: `approve-dialog-${lastDigits(change.bank_account)}`,
                  }),
              },
              {
                id: 'refuse',
                label: t('payout.changes.refuse'),
                icon: <HighlightOff fontSize="small" />,
                color: 'error',
                onClick: setRefusing,
              },
            ]
      }
    >
      {({ notify }) =>
        refusing && (
          <FormDialog<{ comment: string }>
            open
            title={t('payout.changes.refuseTitle', { shop: refusing.shop.name })}
            intro={
              <Box sx={{ mb: 2 }}>
                <ChangeReview change={refusing} />
              </Box>
            }
            fields={[{ name: 'comment', label: t('payout.changes.comment'), type: 'multiline', required: true, wide: true, autoFocus: true, maxLength: 500 }]}
            initialValues={{ comment: '' }}
            validate={({ comment }): Record<string, string> => (comment.trim() ? {} : { comment: t('payout.changes.commentRequired') })}
            submitLabel={t('payout.changes.refuse')}
            onSubmit={({ comment }) => decide({ key: refusing.key, status: 'refused', comment: comment.trim() }).unwrap()}
            onSaved={() => notify(t('payout.changes.refusedNotice'))}
            onClose={() => setRefusing(null)}
            testId="refuse-dialog"
          />
        )
      }
    </ResourceScreen>
  );
}
