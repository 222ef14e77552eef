import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useAppSelector } from '../../core/hooks';
import { selectSessionInfo } from '../../core/session/authSlice';
import { normalizeMoroccanPhone } from '../../components/form/phone';
import { useStatusLabel } from '../../components/parcel/ParcelStatusChip';
import { PARCEL_PARAM, parcelListRoute } from '../../components/parcel/views';
import { pathOf } from '../../navigation/access';
import { useRecipientHistoryQuery } from '../../components/parcel/api';
import { bandLabel, RecipientHistoryBadge } from '../../components/parcel/RecipientHistoryBadge';
import { useDebounced } from '../../components/useDebounced';
import { useT } from '../../i18n';
import '../../i18n/parcels';

/** The pause after the last key before a complete number is looked up (milliseconds). */
export const HISTORY_DELAY = 250;

/**
 * Under the recipient's phone of the parcel form: once the number typed is a complete Moroccan
 * one, the recipient's history across every merchant (`GET recipients/{phone}/history`): his
 * band, his counts, and what the company does for his band (a warning, the order confirmed by
 * the company's agents first, or the parcel refused).
 * Nothing for an incomplete number, while it loads, or when the server says nothing (a refusal).
 */
export function RecipientHistoryNote({ phone }: { phone: string }) {
  const t = useT();
  const normalized = normalizeMoroccanPhone(phone.trim());
  // Asked once the number has stayed the same a moment (typing past ten digits makes it invalid
  // again); an incomplete number hides the note at once.
  const settled = useDebounced(normalized, HISTORY_DELAY);
  const asked = normalized !== null && settled === normalized ? normalized : null;
  const { currentData } = useRecipientHistoryQuery(asked ?? '', { skip: asked === null });
  const history = asked !== null ? currentData?.data : undefined;
  const session = useAppSelector(selectSessionInfo);
  const statusLabel = useStatusLabel();
  const listRoute = parcelListRoute(session.role, session.permissions);
  const listPath = listRoute ? pathOf(listRoute, session) : null;

  return (
    // Read out when it arrives: the merchant types on without looking.
    <Box aria-live="polite" data-testid="recipient-history-note">
      {history && (
        <Box sx={{ display: 'grid', gap: 1, mt: 1 }}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
            <RecipientHistoryBadge history={history} />
            <Typography variant="body2" color="text.secondary" sx={{ minWidth: 0 }} data-testid="recipient-history-line">
              {history.delivered + history.failed + history.unreached === 0
                ? t('recipients.historyNone', { months: history.months })
                : t('recipients.history', { months: history.months, delivered: history.delivered, failed: history.failed, unreached: history.unreached })}
            </Typography>
          </Box>
          {history.parcels.length > 0 && (
            // His own parcels to this number (an order entered twice shows here), each opened in
            // a new tab so that the form being filled stays as it is.
            <Typography variant="body2" color="text.secondary" data-testid="recipient-history-parcels">
              {t('recipients.ownParcels', { count: history.parcels.length })}{' '}
              {history.parcels.slice(0, 5).map((parcel, index) => (
                <span key={parcel.key}>
                  {index > 0 && ', '}
                  {listPath ? (
                    <Link href={`${listPath}?${PARCEL_PARAM}=${encodeURIComponent(parcel.key)}`} target="_blank" rel="noopener">
                      {parcel.key}
                    </Link>
                  ) : (
                    parcel.key
                  )}{' '}
                  ({statusLabel(parcel.status, parcel.status_label)})
                </span>
              ))}
            </Typography>
          )}
          {history.action === 'refuse' ? (
            <Alert severity="error" sx={{ py: 0 }} data-testid="recipient-history-refuse">
              {t('recipients.refuse', { band: t(bandLabel(history.band)) })}
            </Alert>
          ) : history.action === 'confirm' && history.band !== 'reliable' ? (
            // Created « à confirmer »: the company's agents call the recipient before pickup.
            <Alert severity="info" sx={{ py: 0 }} data-testid="recipient-history-confirm">
              {t('recipients.confirm', { band: t(bandLabel(history.band)) })}
            </Alert>
          ) : (
            history.action === 'warn' &&
            history.band !== 'reliable' && (
              <Alert severity="warning" sx={{ py: 0 }} data-testid="recipient-history-warn">
                {t('recipients.warn', { band: t(bandLabel(history.band)) })}
              </Alert>
            )
          )}
        </Box>
      )}
    </Box>
  );
}
