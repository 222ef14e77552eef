import Close from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Suspense, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorStatus } from '../../core/api';
import { useAppSelector } from '../../core/hooks';
import { DateText } from '../DateText';
import { lazyNamed } from '../lazy';
import { DetailField, DetailSection } from '../DetailList';
import { PhoneLink } from '../PhoneLink';
import { MoneyText } from '../MoneyText';
import { formatMoney } from '../moneyFormat';
import { useLanguage, useT, type MessageKey } from '../../i18n';
import { pathOf, type SessionInfo } from '../../navigation/access';
import { NOT_FOUND_PATH } from '../../navigation/routes';
import { selectSessionInfo } from '../../core/session/authSlice';
import { INVOICE_PARAM, invoiceRouteName } from '../invoice/config';
import { useGetParcelQuery, useParcelStatesQuery, type Parcel, type ParcelStateEntry } from './api';
import { DateTimeText } from '../DateTimeText';
import { noteText } from './historyNote';
import { ParcelPayoutChip } from './ParcelPayoutChip';
import { ParcelProofs } from './ParcelProofs';
import { PositionLink } from './PositionLink';
import { ParcelStatusChip, useStatusLabel } from './ParcelStatusChip';
import { ParcelUnappliedOutcomes } from './ParcelUnappliedOutcomes';
import '../../i18n/parcels';
import { Ltr } from '../Ltr';

// Only merchants and staff have tickets: the delivery person's round never loads them.
const ParcelTickets = lazyNamed(
  () => import(/* webpackChunkName: "parcel-tickets" */ '../support/ParcelTickets'),
  'ParcelTickets',
);

interface Props {
  /** The tracking code of the parcel shown; null: closed. */
  parcelKey: string | null;
  onClose: () => void;
  /** Buttons of what the user may do with the parcel (the list's row actions). */
  actions?: (parcel: Parcel) => ReactNode;
}

/** A parcel's details, its fee snapshot and its history, in a side panel. */
export function ParcelDrawer({ parcelKey, onClose, actions }: Props) {
  const t = useT();
  return (
    <Drawer anchor="right" open={parcelKey !== null} onClose={onClose} data-testid="parcel-drawer">
      <Box sx={{ width: { xs: '100vw', sm: 560 }, maxWidth: '100vw', boxSizing: 'border-box', p: 3 }}>
        <Stack direction="row" sx={{ alignItems: 'flex-start', mb: 2 }}>
          <Box sx={{ flexGrow: 1 }}>
            <Typography variant="overline" color="text.secondary">
              {t('parcels.detailTitle')}
            </Typography>
            <Typography variant="h6" component="h2" sx={{ fontFamily: 'monospace', letterSpacing: '0.05em' }} data-testid="parcel-drawer-code">
              <Ltr>{parcelKey}</Ltr>
            </Typography>
          </Box>
          <IconButton onClick={onClose} aria-label={t('common.close')}>
            <Close />
          </IconButton>
        </Stack>
        {parcelKey && <ParcelDetail parcelKey={parcelKey} actions={actions} />}
      </Box>
    </Drawer>
  );
}

function ParcelDetail({ parcelKey, actions }: { parcelKey: string; actions?: (parcel: Parcel) => ReactNode }) {
  const t = useT();
  const language = useLanguage();
  const session = useAppSelector(selectSessionInfo);
  const role = session.role;
  const { data, isLoading, isError, error } = useGetParcelQuery(parcelKey);
  if (isLoading) {
    return (
      <Box data-testid="parcel-drawer-loading">
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} height={32} />
        ))}
      </Box>
    );
  }
  if (isError || !data) {
    return (
      <Alert severity="error" data-testid="parcel-drawer-error">
        {errorStatus(error) === 404 ? t('parcels.notFound') : t('parcels.loadError')}
      </Alert>
    );
  }
  const parcel = data.data;
  const flags = [
    parcel.can_open && t('parcels.canOpen'),
    parcel.can_try && t('parcels.canTry'),
    parcel.fragile && t('parcels.fragile'),
  ].filter(Boolean) as string[];
  return (
    <Stack spacing={3} data-testid="parcel-detail">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <ParcelStatusChip status={parcel.status} label={parcel.status_label} size="medium" />
        <ParcelPayoutChip state={parcel.payout_state} />
        {parcel.kind !== 'standard' && <Chip size="small" variant="outlined" label={t(parcel.kind === 'exchange' ? 'parcels.kind.exchange' : 'parcels.kind.refund')} />}
        {parcel.address_change_pending && <Chip size="small" color="warning" label={t('parcels.addressChanged')} />}
        {parcel.attempts > 0 && <Chip size="small" variant="outlined" label={t('parcels.attempts', { count: parcel.attempts })} />}
      </Stack>
      {actions && (
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }} data-testid="parcel-drawer-actions">
          {actions(parcel)}
        </Stack>
      )}

      <DetailSection title={t('parcels.recipient')}>
        <DetailField label={t('parcels.recipientName')} value={parcel.recipient_name} />
        <DetailField label={t('parcels.phone')} value={<PhoneLink phone={parcel.recipient_phone} />} />
        {parcel.recipient_phone_alt && <DetailField label={t('parcels.phoneAlt')} value={<PhoneLink phone={parcel.recipient_phone_alt} />} />}
        <DetailField label={t('parcels.city')} value={parcel.city_name} />
        <DetailField label={t('parcels.address')} value={parcel.address} wide />
      </DetailSection>

      <DetailSection title={t('parcels.parcel')}>
        <DetailField label={t('parcels.amount')} value={<MoneyText centimes={parcel.cod_amount} />} />
        <DetailField label={t('parcels.product')} value={parcel.quantity > 1 ? `${parcel.product} × ${parcel.quantity}` : parcel.product} />
        {parcel.reference && <DetailField label={t('parcels.reference')} value={parcel.reference} />}
        <DetailField label={t('parcels.shop')} value={parcel.shop_name} />
        {role !== 'client' && <DetailField label={t('parcels.merchant')} value={parcel.client_name} />}
        <DetailField label={t('parcels.deliveryPerson')} value={parcel.delivery_admin_name ?? '—'} />
        {parcel.original_parcel && <DetailField label={t('parcels.originalParcel')} value={parcel.original_parcel} />}
        {parcel.item_to_collect && <DetailField label={t('parcels.itemToCollect')} value={parcel.item_to_collect} />}
        {parcel.postponed_to && <DetailField label={t('parcels.postponedTo')} value={<DateText value={parcel.postponed_to} />} />}
        {flags.length > 0 && <DetailField label={t('parcels.options')} value={flags.join(' · ')} wide />}
        {parcel.note && <DetailField label={t('parcels.note')} value={parcel.note} wide />}
        <DetailField label={t('parcels.createdAt')} value={<DateTimeText value={parcel.created_at} />} />
        <DetailField label={t('parcels.updatedAt')} value={<DateTimeText value={parcel.updated_at} />} />
      </DetailSection>

      {parcel.stock_lines && parcel.stock_lines.length > 0 && (
        <DetailSection title={t('parcels.stockLines')} testId="parcel-stock-lines">
          {parcel.stock_lines.map((line) => (
            <DetailField key={line.inventory.key} label={line.inventory.sku} value={`${line.inventory.name} × ${line.quantity}`} wide />
          ))}
        </DetailSection>
      )}

      <DetailSection title={t('parcels.fees')} testId="parcel-fees">
        <DetailField label={t('parcels.fee.delivery')} value={<MoneyText centimes={parcel.fees.delivery} />} />
        <DetailField label={t('parcels.fee.return')} value={<MoneyText centimes={parcel.fees.return} />} />
        <DetailField label={t('parcels.fee.refusal')} value={<MoneyText centimes={parcel.fees.refusal} />} />
        {parcel.confirmation_fee > 0 && (
          // Confirmed by the company's agents: its price is in each of the fees above.
          <DetailField
            label={t('parcels.fee.confirmation')}
            value={t('parcels.fee.confirmationIncluded', { amount: formatMoney(parcel.confirmation_fee, language) })}
            wide
            testId="parcel-fee-confirmation"
          />
        )}
      </DetailSection>

      {parcel.status === 'delivered' && <ParcelProofs parcelKey={parcel.key} />}

      <ParcelInvoices parcel={parcel} session={session} />

      <ParcelUnappliedOutcomes parcelKey={parcel.key} session={session} />

      {session.role !== 'delivery-admin' && (
        <Suspense fallback={null}>
          <ParcelTickets parcelKey={parcel.key} />
        </Suspense>
      )}

      <Box>
        <Typography variant="subtitle2" component="h3" sx={{ mb: 1.5 }}>
          {t('parcels.history')}
        </Typography>
        <History parcelKey={parcel.key} />
      </Box>
    </Stack>
  );
}

/** The invoices that may hold a parcel: which family, which list shows it. */
const INVOICE_LINKS = [
  { field: 'client_completed_invoice', label: 'parcels.invoice.merchantCompleted', family: 'client', type: 'delivered' },
  { field: 'client_returned_invoice', label: 'parcels.invoice.merchantReturned', family: 'client', type: 'returned' },
  { field: 'delivery_admin_invoice', label: 'parcels.invoice.delivery', family: 'delivery' },
] as const;

/** The invoices the parcel is on, each a link to it on its list when the user has that list. */
function ParcelInvoices({ parcel, session }: { parcel: Parcel; session: SessionInfo }) {
  const t = useT();
  const held = INVOICE_LINKS.filter((link) => parcel[link.field]);
  const role = session.role;
  if (held.length === 0 || !role) return null;
  return (
    <DetailSection title={t('parcels.invoices')} testId="parcel-invoices">
      {held.map((link) => {
        const key = parcel[link.field] as string;
        const routeName = invoiceRouteName(role, link.family, 'type' in link ? link.type : undefined);
        const path = routeName ? pathOf(routeName, session) : NOT_FOUND_PATH;
        return (
          <DetailField
            key={link.field}
            label={t(link.label as MessageKey)}
            testId={`parcel-invoice-${link.field}`}
            value={
              path === NOT_FOUND_PATH ? (
                <Box component="span" sx={{ fontFamily: 'monospace' }}>
                  <Ltr>{key}</Ltr>
                </Box>
              ) : (
                <Link component={RouterLink} to={`${path}?${INVOICE_PARAM}=${encodeURIComponent(key)}`} sx={{ fontFamily: 'monospace' }}>
                  <Ltr>{key}</Ltr>
                </Link>
              )
            }
          />
        );
      })}
    </DetailSection>
  );
}

function History({ parcelKey }: { parcelKey: string }) {
  const t = useT();
  const { data, isLoading, isError, refetch } = useParcelStatesQuery(parcelKey);
  if (isLoading) return <Skeleton height={80} />;
  if (isError || !data) {
    return (
      <Alert severity="error" action={<Link component="button" onClick={() => refetch()}>{t('error.retry')}</Link>}>
        {t('parcels.historyError')}
      </Alert>
    );
  }
  const entries = [...data.data].reverse();
  return (
    <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }} data-testid="parcel-history">
      {entries.map((entry, index) => (
        <HistoryEntry key={`${entry.created_at}-${index}`} entry={entry} last={index === entries.length - 1} current={index === 0} />
      ))}
    </Box>
  );
}

function HistoryEntry({ entry, last, current }: { entry: ParcelStateEntry; last: boolean; current: boolean }) {
  const t = useT();
  const statusLabel = useStatusLabel();
  const note = entry.note ? noteText(t, entry.note) : null;
  // A code this version does not know: the server's rendering (which holds the comment too).
  const serverText = entry.note && note === null ? (entry.text ?? null) : null;
  return (
    <Box component="li" sx={{ display: 'flex', gap: 1.5 }} data-testid="history-entry" data-status={entry.status}>
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', pt: 0.75 }}>
        <Box sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: current ? 'primary.main' : 'divider', flexShrink: 0 }} />
        {!last && <Box sx={{ width: 2, flexGrow: 1, bgcolor: 'divider', my: 0.5 }} />}
      </Box>
      <Box sx={{ pb: last ? 0 : 2, minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {statusLabel(entry.status, entry.status_label)}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="div">
          <DateTimeText value={entry.created_at} />
          {entry.user_name ? ` · ${entry.user_name}` : ''}
        </Typography>
        {entry.received_at && (
          // Recorded offline on the phone, sent when the network came back.
          <Typography variant="caption" color="text.secondary" component="div" data-testid="history-received">
            {t('parcels.historyReceived')} <DateTimeText value={entry.received_at} />
          </Typography>
        )}
        {entry.date && (
          <Typography variant="body2" component="div">
            {t('parcels.historyDate')} <DateText value={entry.date} />
          </Typography>
        )}
        {(note ?? serverText) && (
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }} data-testid="history-note">
            {note ?? serverText}
          </Typography>
        )}
        {entry.comment && !serverText && (
          <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic', overflowWrap: 'anywhere' }}>
            « <bdi>{entry.comment}</bdi> »
          </Typography>
        )}
        <AttemptCheck entry={entry} />
      </Box>
    </Box>
  );
}

/**
 * What the office checks on a delivery person's outcome (its view only, null for others): whether
 * a failed attempt followed a call from his round, or why not, and where the phone was.
 */
function AttemptCheck({ entry }: { entry: ParcelStateEntry }) {
  const t = useT();
  const call =
    entry.called === true ? (
      t('parcels.historyCalled')
    ) : entry.no_call_reason ? (
      <>
        {t('parcels.historyNoCall')} <bdi>{entry.no_call_reason}</bdi>
      </>
    ) : entry.called === false ? (
      t('parcels.historyNotCalled')
    ) : null;
  return (
    <>
      {call && (
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }} data-testid="history-call" data-called={entry.called ?? undefined}>
          {call}
        </Typography>
      )}
      {entry.position && (
        <Typography variant="caption" color="text.secondary" component="div" data-testid="history-position">
          {t('proof.position')}{' '}
          <PositionLink latitude={entry.position.latitude} longitude={entry.position.longitude} accuracy={entry.position.accuracy_m} testId="history-position-link" />
        </Typography>
      )}
    </>
  );
}
