import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useT } from '../../i18n';
import { DateTimeText } from '../DateTimeText';
import { proofImageUrl, useParcelProofsQuery, type ProofView } from './api';
import { PositionLink } from './PositionLink';
import '../../i18n/parcels';

/**
 * The proofs of delivery kept with « Livré »: the recipient's signature, the photo, who signed,
 * where the phone was. Nothing is shown for a parcel without one.
 */
export function ParcelProofs({ parcelKey }: { parcelKey: string }) {
  const t = useT();
  const { data, isLoading, isError, refetch } = useParcelProofsQuery(parcelKey);
  if (isLoading) return <Skeleton height={120} data-testid="parcel-proofs-loading" />;
  if (isError) {
    return (
      <Alert severity="error" action={<Link component="button" onClick={() => refetch()}>{t('error.retry')}</Link>}>
        {t('proof.loadError')}
      </Alert>
    );
  }
  const proofs = data?.data ?? [];
  if (proofs.length === 0) return null;
  return (
    <Box data-testid="parcel-proofs">
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {t('proof.title')}
      </Typography>
      <Divider sx={{ mb: 1.5 }} />
      <Stack spacing={2}>
        {proofs.map((proof) => (
          <Proof key={proof.key} parcelKey={parcelKey} proof={proof} />
        ))}
      </Stack>
    </Box>
  );
}

function Proof({ parcelKey, proof }: { parcelKey: string; proof: ProofView }) {
  const t = useT();
  return (
    <Box data-testid="parcel-proof" data-key={proof.key}>
      <Stack direction="row" spacing={1.5} sx={{ flexWrap: 'wrap', rowGap: 1.5, mb: 1 }}>
        {proof.has_signature && (
          <Box
            component="img"
            src={proofImageUrl(parcelKey, proof.key, 'signature')}
            alt={t('proof.signatureAlt')}
            data-testid="proof-signature"
            sx={{ height: 96, maxWidth: '100%', bgcolor: '#FFFFFF', border: 1, borderColor: 'divider', borderRadius: 1 }}
          />
        )}
        {proof.has_photo && (
          <Link href={proofImageUrl(parcelKey, proof.key, 'photo')} target="_blank" rel="noopener">
            <Box
              component="img"
              src={proofImageUrl(parcelKey, proof.key, 'photo')}
              alt={t('proof.photoAlt')}
              data-testid="proof-photo"
              sx={{ height: 96, maxWidth: '100%', objectFit: 'cover', borderRadius: 1, display: 'block' }}
            />
          </Link>
        )}
      </Stack>
      <Typography variant="body2">
        {proof.signed_by ? t('proof.signedBy', { name: proof.signed_by }) : proof.has_signature ? t('proof.signedByRecipient') : t('proof.photoOnly')}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="div">
        <DateTimeText value={proof.recorded_at} />
        {proof.recorded_by_name ? ` · ${proof.recorded_by_name}` : ''}
      </Typography>
      {proof.latitude != null && proof.longitude != null && (
        <Typography variant="caption" color="text.secondary" component="div">
          {t('proof.position')} <PositionLink latitude={proof.latitude} longitude={proof.longitude} accuracy={proof.accuracy_m} testId="proof-position" />
        </Typography>
      )}
    </Box>
  );
}
