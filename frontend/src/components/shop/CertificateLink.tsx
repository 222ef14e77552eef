import OpenInNew from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { formatDate, useLanguage, useT } from '../../i18n';
import { certificateUrl, type CertificateRef } from './api';
import '../../i18n/payout';

/**
 * « Ouvrir l'attestation »: a RIB change's certificate (PDF or image, served inline) in a new
 * tab, on its own URL as the printed documents (pdf.ts): the cookie session authenticates it. A
 * link, so no pop-up blocker stops it and a phone opens it as any other; `uploaded_at` says when
 * it was attached.
 */
export function CertificateLink({ changeKey, certificate, testId = 'certificate-open' }: { changeKey: string; certificate: CertificateRef; testId?: string }) {
  const t = useT();
  const language = useLanguage();
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
      <Button
        component="a"
        href={certificateUrl(changeKey)}
        target="_blank"
        rel="noopener"
        size="small"
        variant="outlined"
        startIcon={<OpenInNew fontSize="small" />}
        data-testid={testId}
      >
        {t('payout.certificate.open')}
      </Button>
      <Typography variant="caption" color="text.secondary" data-testid="certificate-attached">
        {t('payout.certificate.attached', { date: formatDate(certificate.uploaded_at, language, { dateStyle: 'medium' }) })}
      </Typography>
    </Box>
  );
}
