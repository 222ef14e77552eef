import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { DetailField, DetailSection } from '../../components/DetailList';
import { Ltr } from '../../components/Ltr';
import type { BankAccountChange } from '../../components/shop/api';
import { CertificateLink } from '../../components/shop/CertificateLink';
import { useT } from '../../i18n';
import '../../i18n/payout';

/** Digits as they are written on the certificate: left to right, evenly spaced. */
function Digits({ value }: { value: string }) {
  return (
    <Box component="span" sx={{ fontFamily: 'monospace', fontVariantNumeric: 'tabular-nums' }}>
      <Ltr>{value}</Ltr>
    </Box>
  );
}

/** The certificate of a change: « Ouvrir l'attestation », or a warning that none is attached. */
export function ChangeCertificate({ change, compact }: { change: BankAccountChange; compact?: boolean }) {
  const t = useT();
  if (change.certificate) return <CertificateLink changeKey={change.key} certificate={change.certificate} />;
  return (
    <Alert severity="warning" variant={compact ? 'outlined' : 'standard'} sx={compact ? { py: 0, px: 1 } : undefined} data-testid="certificate-none">
      {t('payout.certificate.none')}
      {!compact && (
        <Box component="span" sx={{ display: 'block' }}>
          {t('payout.certificate.noneHint')}
        </Box>
      )}
    </Alert>
  );
}

/**
 * What the approver checks before deciding a pending change: the RIB asked for, whole and split
 * as a bank's certificate prints it (bank with its name, locality, account, key), and the
 * certificate itself.
 */
export function ChangeReview({ change }: { change: BankAccountChange }) {
  const t = useT();
  const requested = change.requested;
  return (
    <Stack spacing={2} data-testid="change-review">
      {requested && (
        <DetailSection title={t('payout.changes.asked')} testId="requested-rib">
          <DetailField
            label={t('payout.changes.bank')}
            wide
            testId="requested-bank"
            value={
              <>
                <Digits value={requested.bank_code} /> · {requested.bank_name ? <bdi>{requested.bank_name}</bdi> : t('payout.changes.unknownBank')}
              </>
            }
          />
          <DetailField label={t('payout.changes.city')} testId="requested-city" value={<Digits value={requested.city_code} />} />
          <DetailField label={t('payout.changes.key')} testId="requested-key" value={<Digits value={requested.check_key} />} />
          <DetailField label={t('payout.changes.account')} wide testId="requested-account" value={<Digits value={requested.account_number} />} />
        </DetailSection>
      )}
      <ChangeCertificate change={change} />
    </Stack>
  );
}
