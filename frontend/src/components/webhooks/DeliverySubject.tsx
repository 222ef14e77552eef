import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { useAppSelector } from '../../core/hooks';
import { selectSessionInfo } from '../../core/session/authSlice';
import { useT } from '../../i18n';
import { pathOf } from '../../navigation/access';
import { Ltr } from '../Ltr';
import { PARCEL_PARAM, parcelListRoute } from '../parcel/views';
import type { WebhookDelivery } from './api';
import '../../i18n/webhooks';

/**
 * What a delivery's event is about, as a code that reads left to right: a parcel's tracking code
 * (opening the parcel in the merchant's parcel list, `?colis=CODE`), an invoice's or a ticket's
 * key, or « — » for a ping.
 */
export function DeliverySubject({ delivery }: { delivery: Pick<WebhookDelivery, 'event' | 'subject_key'> }) {
  const t = useT();
  const session = useAppSelector(selectSessionInfo);
  const subject = delivery.subject_key;
  if (!subject) return <>—</>;
  const route = delivery.event.startsWith('parcel.') ? parcelListRoute(session.role, session.permissions) : null;
  if (route) {
    return (
      <Link
        component={RouterLink}
        to={`${pathOf(route, session)}?${PARCEL_PARAM}=${encodeURIComponent(subject)}`}
        title={t('webhooks.openParcel', { code: subject })}
        // A link in a row that opens the attempts on a click: the link only navigates.
        onClick={(event) => event.stopPropagation()}
        sx={{ fontFamily: 'monospace', fontWeight: 600, whiteSpace: 'nowrap' }}
        data-testid="webhook-delivery-subject"
      >
        <Ltr>{subject}</Ltr>
      </Link>
    );
  }
  return (
    <Box component="span" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }} data-testid="webhook-delivery-subject">
      <Ltr>{subject}</Ltr>
    </Box>
  );
}
