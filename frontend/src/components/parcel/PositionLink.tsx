import Link from '@mui/material/Link';
import { useT } from '../../i18n';
import '../../i18n/parcels';

/** Where a phone was, on OpenStreetMap (a marker at the spot, street level). */
export function mapUrl(latitude: number, longitude: number): string {
  return `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=17/${latitude}/${longitude}`;
}

/**
 * A position kept with a proof or an outcome: its coordinates as a link to the map, opened in a
 * new tab, and how precise the phone said it was when it said so.
 */
export function PositionLink({ latitude, longitude, accuracy, testId }: { latitude: number; longitude: number; accuracy?: number | null; testId?: string }) {
  const t = useT();
  return (
    <>
      <Link href={mapUrl(latitude, longitude)} target="_blank" rel="noopener" dir="ltr" data-testid={testId}>
        {`${latitude.toFixed(5)}, ${longitude.toFixed(5)}`}
      </Link>
      {accuracy != null ? ` ${t('parcels.positionAccuracy', { accuracy })}` : ''}
    </>
  );
}
