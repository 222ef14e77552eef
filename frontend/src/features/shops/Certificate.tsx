import AttachFileOutlined from '@mui/icons-material/AttachFileOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { fieldErrors } from '../../core/api';
import { failureMessage } from '../../components/form/failureMessage';
import type { CustomFieldProps } from '../../components/form/fields';
import { useCertificateUpload, type BankAccountChangeRef, type CertificateRef } from '../../components/shop/api';
import { CERTIFICATE_ACCEPT, checkCertificate, type CertificateChoice, type CertificateProblem } from '../../components/shop/certificate';
import { CertificateLink } from '../../components/shop/CertificateLink';
import { useT, type Translate } from '../../i18n';
import '../../i18n/payout';

/** Why a chosen file cannot be sent, in words. */
export function certificateProblemText(problem: CertificateProblem, t: Translate): string {
  return t(problem === 'size' ? 'payout.certificate.tooLarge' : 'payout.certificate.wrongType');
}

/** The button that opens the file picker; the chosen file checked as the server would. */
function CertificatePicker({
  label,
  onChosen,
  disabled,
  busy,
  describedBy,
}: {
  label: string;
  onChosen: (choice: CertificateChoice) => void;
  disabled?: boolean;
  busy?: boolean;
  describedBy?: string;
}) {
  const t = useT();
  return (
    <Button
      component="label"
      variant="outlined"
      size="small"
      disabled={disabled || busy}
      startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <AttachFileOutlined />}
      sx={{ minHeight: 40 }}
    >
      {label}
      <input
        hidden
        type="file"
        name="certificate"
        accept={CERTIFICATE_ACCEPT}
        aria-label={t('payout.certificate.label')}
        aria-describedby={describedBy}
        data-testid="certificate-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Emptied, so choosing the same file again (once fixed) is a change too.
          event.target.value = '';
          if (file) void checkCertificate(file).then(onChosen);
        }}
      />
    </Button>
  );
}

/**
 * The shop form's « Attestation de RIB »: a file kept with the form values (`CertificateChoice`),
 * sent by the screen once the new RIB is saved; a file the server would refuse is said at once.
 */
export function CertificateField({ label, value, onChange, error, helperText, disabled }: CustomFieldProps) {
  const t = useT();
  const helpId = useId();
  const choice = (value ?? null) as CertificateChoice | null;
  const message = error || (choice?.problem ? certificateProblemText(choice.problem, t) : undefined);
  const sending = Boolean(disabled && choice?.type);
  return (
    <FormControl error={Boolean(message)} fullWidth data-testid="certificate-field">
      <FormLabel sx={{ mb: 1, typography: 'body2' }}>{label}</FormLabel>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', minWidth: 0 }}>
        <CertificatePicker
          label={t(choice ? 'payout.certificate.another' : 'payout.certificate.choose')}
          onChosen={onChange}
          disabled={disabled}
          describedBy={helpId}
        />
        {choice && (
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere', minWidth: 0 }} data-testid="certificate-file-name">
            <bdi>{choice.file.name}</bdi>
          </Typography>
        )}
        {choice && !disabled && (
          <Button size="small" color="secondary" onClick={() => onChange(null)} data-testid="certificate-remove">
            {t('payout.certificate.remove')}
          </Button>
        )}
      </Box>
      {sending && (
        <Box sx={{ mt: 1 }} data-testid="certificate-progress">
          <Typography variant="caption" color="text.secondary">
            {t('payout.certificate.uploading')}
          </Typography>
          <LinearProgress aria-label={t('payout.certificate.uploading')} />
        </Box>
      )}
      {(message || helperText) && (
        <FormHelperText id={helpId} data-testid="certificate-help">
          {message || helperText}
        </FormHelperText>
      )}
    </FormControl>
  );
}

/** The line to show for a refused upload: the server's word on the file, else its message. */
function uploadFailure(error: unknown, t: Translate): string {
  return fieldErrors(error).certificate ?? failureMessage(error, t);
}

/**
 * Under a pending RIB change on the merchant's shop: attach the bank's certificate (or replace
 * it), sent at once; the one attached opens in a new tab. An upload from the shop form shows here
 * too (busy, then attached).
 */
export function PendingCertificate({ change }: { change: BankAccountChangeRef }) {
  const t = useT();
  const [upload, { data, isLoading }] = useCertificateUpload(change.key);
  const [problem, setProblem] = useState<string | null>(null);
  // The last one attached on this page: a refused replacement leaves it in place on the server.
  const latest = data?.data.certificate ?? null;
  const [kept, setKept] = useState<CertificateRef | null>(latest);
  if (latest && latest !== kept) setKept(latest);
  const certificate = kept ?? change.certificate ?? null;

  const chosen = async (choice: CertificateChoice) => {
    setProblem(null);
    if (choice.problem) {
      setProblem(certificateProblemText(choice.problem, t));
      return;
    }
    try {
      await upload({ key: change.key, choice }).unwrap();
    } catch (error) {
      setProblem(uploadFailure(error, t));
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 0.75, justifyItems: 'start', minWidth: 0 }} data-testid="pending-certificate">
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <CertificatePicker
          label={t(certificate ? 'payout.certificate.replace' : 'payout.certificate.attach')}
          onChosen={(choice) => void chosen(choice)}
          busy={isLoading}
        />
        {certificate && !isLoading && <CertificateLink changeKey={change.key} certificate={certificate} />}
      </Box>
      {isLoading && (
        <Typography variant="caption" color="text.secondary" role="status" data-testid="certificate-uploading">
          {t('payout.certificate.uploading')}
        </Typography>
      )}
      {problem && (
        <Typography variant="caption" color="error" role="alert" sx={{ overflowWrap: 'anywhere' }} data-testid="certificate-error">
          {problem}
        </Typography>
      )}
    </Box>
  );
}
