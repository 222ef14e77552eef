import SyncProblemOutlined from '@mui/icons-material/SyncProblemOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { DateText } from '../DateText';
import { MoneyText } from '../MoneyText';
import { PhoneLink } from '../PhoneLink';
import type { Column } from '../table/DataTable';
import type { Translate } from '../../i18n';
import type { Parcel } from './api';
import { ParcelPayoutChip } from './ParcelPayoutChip';
import { ParcelStatusChip } from './ParcelStatusChip';
import { RecipientHistoryBadge } from './RecipientHistoryBadge';
import type { ParcelColumn } from './views';
import '../../i18n/parcels';
import { Ltr } from '../Ltr';

/** A name's column: a long one (« Abdelouahed Benkirane El Idrissi ») takes two lines, not four. */
const NAME_MIN_WIDTH = 180;

function column(id: ParcelColumn, t: Translate): Column<Parcel> {
  switch (id) {
    case 'code':
      return {
        id,
        label: t('parcels.code'),
        nowrap: true,
        // The code on its line; what marks the parcel (a refund, an address to check) below it:
        // the column is as wide as a code, not as a code and its chip side by side.
        render: (parcel) => (
          <Box sx={{ display: 'grid', justifyItems: 'start', gap: 0.5 }}>
            <Typography component="span" variant="body2" sx={{ fontFamily: 'monospace', fontWeight: 600 }} data-testid="parcel-code">
              <Ltr>{parcel.key}</Ltr>
            </Typography>
            {(parcel.kind !== 'standard' || parcel.address_change_pending) && (
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
                {parcel.kind !== 'standard' && (
                  <Chip size="small" variant="outlined" label={t(parcel.kind === 'exchange' ? 'parcels.kind.exchange' : 'parcels.kind.refund')} />
                )}
                {parcel.address_change_pending && (
                  <Tooltip title={t('parcels.addressChanged')}>
                    <SyncProblemOutlined fontSize="small" color="warning" aria-label={t('parcels.addressChanged')} />
                  </Tooltip>
                )}
              </Box>
            )}
          </Box>
        ),
      };
    case 'recipient':
      return {
        id,
        label: t('parcels.recipient'),
        // Wide enough for a long name on two lines (four were seen at 1366 px).
        minWidth: NAME_MIN_WIDTH,
        render: (parcel) => (
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" data-testid="cell-name">
              {parcel.recipient_name}
            </Typography>
            {/* The recipient's band beside the phone when it is not « Fiable » (lists stay calm);
                it wraps under the phone rather than widening the column. */}
            <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 0.5 }}>
              <Typography variant="caption" sx={{ whiteSpace: 'nowrap' }}>
                <PhoneLink phone={parcel.recipient_phone} />
              </Typography>
              {parcel.recipient_history && parcel.recipient_history.band !== 'reliable' && <RecipientHistoryBadge history={parcel.recipient_history} />}
            </Box>
          </Box>
        ),
      };
    case 'city':
      return { id, label: t('parcels.city'), render: (parcel) => parcel.city_name };
    case 'amount':
      return { id, label: t('parcels.amount'), sortKey: 'cod_amount', align: 'right', nowrap: true, render: (parcel) => <MoneyText centimes={parcel.cod_amount} /> };
    case 'status':
      return {
        id,
        label: t('parcels.status'),
        sortKey: 'status_changed_at',
        card: 'badge',
        render: (parcel) =>
          parcel.payout_state ? (
            // A delivered parcel: where its money stands, under the status (beside the code on a card).
            <Box sx={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.5 }}>
              <ParcelStatusChip status={parcel.status} label={parcel.status_label} />
              <ParcelPayoutChip state={parcel.payout_state} />
            </Box>
          ) : (
            <ParcelStatusChip status={parcel.status} label={parcel.status_label} />
          ),
      };
    case 'shop':
      return { id, label: t('parcels.shop'), render: (parcel) => parcel.shop_name };
    case 'merchant':
      return {
        id,
        label: t('parcels.merchant'),
        render: (parcel) => (
          <Box>
            <Typography variant="body2" data-testid="cell-name">
              {parcel.client_name}
            </Typography>
            {/* His shop, when it is not named as he is. */}
            {parcel.shop_name !== parcel.client_name && (
              <Typography variant="caption" color="text.secondary">
                {parcel.shop_name}
              </Typography>
            )}
          </Box>
        ),
      };
    case 'delivery_admin':
      return { id, label: t('parcels.deliveryPerson'), render: (parcel) => parcel.delivery_admin_name ?? '—' };
    case 'date':
      return { id, label: t('parcels.createdAt'), sortKey: 'created_at', render: (parcel) => <DateText value={parcel.created_at} /> };
  }
}

/** The columns of a parcel list, in the order its configuration gives. */
export function parcelColumns(ids: readonly ParcelColumn[], t: Translate): Column<Parcel>[] {
  return ids.map((id) => column(id, t));
}
