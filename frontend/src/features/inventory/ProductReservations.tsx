import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Suspense, useState } from 'react';
import { DateText } from '../../components/DateText';
import { lazyNamed, useLoadedOnce } from '../../components/lazy';
import { Ltr } from '../../components/Ltr';
import { ParcelStatusChip } from '../../components/parcel/ParcelStatusChip';
import { useT } from '../../i18n';
import type { Reservation } from '../../components/inventory/api';
import '../../i18n/inventory';

// The parcel list's drawer (same chunk): loaded when a parcel is first opened from here.
const ParcelDrawer = lazyNamed(() => import(/* webpackChunkName: "parcel-drawer" */ '../../components/parcel/ParcelDrawer'), 'ParcelDrawer');

/** The server lists this many reservations at most (the newest). */
const SHOWN_AT_MOST = 200;

/**
 * The parcels holding a product's reserved units (« Réservé N »): each code opens the parcel's
 * drawer over the product's, with its status, the units it holds and its recipient.
 */
export function ProductReservations({ reservations }: { reservations: readonly Reservation[] }) {
  const t = useT();
  const [opened, setOpened] = useState<string | null>(null);
  const drawerLoaded = useLoadedOnce(opened !== null);
  return (
    <Box data-testid="product-reservations">
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {t('inventory.reservations')}
      </Typography>
      {reservations.length === 0 ? (
        <Typography color="text.secondary" data-testid="no-reservations">
          {t('inventory.noReservations')}
        </Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
          {reservations.map((reservation) => (
            <Box component="li" key={reservation.parcel} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }} data-testid="reservation">
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
                <Link
                  component="button"
                  type="button"
                  onClick={() => setOpened(reservation.parcel)}
                  aria-label={t('inventory.openParcel', { code: reservation.parcel })}
                  sx={{ fontFamily: 'monospace', fontWeight: 600 }}
                  data-testid="reservation-parcel"
                >
                  <Ltr>{reservation.parcel}</Ltr>
                </Link>
                <ParcelStatusChip status={reservation.status} label={reservation.status_label} />
                <Box sx={{ flexGrow: 1 }} />
                <Typography sx={{ fontWeight: 700 }} data-testid="reservation-quantity">
                  <Ltr>{`× ${reservation.quantity}`}</Ltr>
                </Typography>
              </Stack>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {t('inventory.recipientName', { name: reservation.recipient_name })} · <DateText value={reservation.created_at} />
              </Typography>
            </Box>
          ))}
        </Box>
      )}
      {reservations.length >= SHOWN_AT_MOST && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
          {t('inventory.reservationsLatest', { count: SHOWN_AT_MOST })}
        </Typography>
      )}
      {drawerLoaded && (
        <Suspense fallback={null}>
          <ParcelDrawer parcelKey={opened} onClose={() => setOpened(null)} />
        </Suspense>
      )}
    </Box>
  );
}
