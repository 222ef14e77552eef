import PhotoCamera from '@mui/icons-material/PhotoCameraOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { FormTextField } from '../../components/FormTextField';
import { compressPhoto, dataUrlBytes } from '../../components/resizeImage';
import type { ProofBody, ProofPolicy } from '../../components/parcel/api';
import { useT } from '../../i18n';
import { usePhonePosition } from './position';
import { SignaturePad } from './SignaturePad';
import '../../i18n/parcels';

/** The proof as the sheet gathers it. */
export interface ProofDraft {
  signature: string | null;
  photo: string | null;
  signedBy: string;
  position: ProofBody['position'] | null;
}

export const EMPTY_PROOF: ProofDraft = { signature: null, photo: null, signedBy: '', position: null };

export type ProofErrors = { signature?: string; photo?: string; signed_by?: string };

/** The body part of a draft (null when it holds neither a signature nor a photo). */
export function proofBody(draft: ProofDraft, recordedAt: Date): ProofBody | null {
  if (!draft.signature && !draft.photo) return null;
  return {
    ...(draft.signature ? { signature: draft.signature } : {}),
    ...(draft.photo ? { photo: draft.photo } : {}),
    ...(draft.signedBy.trim() ? { signed_by: draft.signedBy.trim() } : {}),
    ...(draft.position ? { position: draft.position } : {}),
    recorded_at: recordedAt.toISOString(),
  };
}

/** What the merchant's requirement refuses of a draft, by field (empty: it may be sent). */
export function missingProof(policy: ProofPolicy, draft: ProofDraft, t: ReturnType<typeof useT>): ProofErrors & { form?: string } {
  if (policy === 'signature' && !draft.signature) return { signature: t('proof.required.signature') };
  if (policy === 'photo' && !draft.photo) return { photo: t('proof.required.photo') };
  if (!draft.signature && !draft.photo) return { form: t('proof.missing') };
  return {};
}

/** The proof's position: from the GPS when it can (where the parcel was handed over). */
const PROOF_POSITION = { highAccuracy: true, timeoutMs: 10_000, maximumAgeMs: 60_000 } as const;

/**
 * « Livré » with its proof: the recipient signs on the screen, a photo from the camera (made
 * small on the phone), who signed when not the recipient; the position is read once, if the
 * phone gives it.
 */
export function ProofFields({
  policy,
  draft,
  onChange,
  errors,
  busy,
}: {
  policy: ProofPolicy;
  draft: ProofDraft;
  onChange: (update: Partial<ProofDraft>) => void;
  errors: ProofErrors;
  busy: boolean;
}) {
  const t = useT();
  const [reading, setReading] = useState(false);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement | null>(null);
  const change = useRef(onChange);
  useEffect(() => {
    change.current = onChange;
  });

  const { locating, position } = usePhonePosition(PROOF_POSITION);
  useEffect(() => {
    if (position) change.current({ position });
  }, [position]);

  const takePhoto = async (file: File | undefined) => {
    if (!file) return;
    setReading(true);
    setPhotoError(null);
    try {
      onChange({ photo: await compressPhoto(file) });
    } catch {
      setPhotoError(t('proof.photoError'));
    } finally {
      setReading(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <Stack spacing={2} data-testid="proof-fields">
      {policy !== 'none' && (
        <Alert severity="info" data-testid="proof-required">
          {t(policy === 'signature' ? 'proof.required.signature' : 'proof.required.photo')}
        </Alert>
      )}
      <SignaturePad onChange={(signature) => onChange({ signature })} disabled={busy} error={errors.signature} />
      <Box>
        <input
          ref={input}
          type="file"
          accept="image/*"
          capture="environment"
          hidden
          data-testid="proof-photo-input"
          onChange={(event) => void takePhoto(event.target.files?.[0])}
        />
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Button
            variant="outlined"
            startIcon={reading ? <CircularProgress size={18} color="inherit" /> : <PhotoCamera />}
            disabled={busy || reading}
            onClick={() => input.current?.click()}
            color={errors.photo ? 'error' : 'primary'}
            sx={{ minHeight: 44 }}
            data-testid="proof-photo-button"
          >
            {t(draft.photo ? 'proof.retakePhoto' : 'proof.takePhoto')}
          </Button>
          {draft.photo && (
            <>
              <Box component="img" src={draft.photo} alt={t('proof.photoAlt')} sx={{ height: 56, borderRadius: 1 }} data-testid="proof-photo-preview" />
              <Typography variant="caption" color="text.secondary">
                {t('proof.photoSize', { size: Math.round(dataUrlBytes(draft.photo) / 1024) })}
              </Typography>
              <Button size="small" color="secondary" onClick={() => onChange({ photo: null })} disabled={busy}>
                {t('proof.removePhoto')}
              </Button>
            </>
          )}
        </Stack>
        {(errors.photo ?? photoError) && (
          <Typography variant="caption" color="error" component="div" data-testid="proof-photo-error">
            {errors.photo ?? photoError}
          </Typography>
        )}
      </Box>
      <FormTextField
        label={t('proof.signerName')}
        value={draft.signedBy}
        onChange={(event) => onChange({ signedBy: event.target.value })}
        error={Boolean(errors.signed_by)}
        helperText={errors.signed_by}
        disabled={busy}
        fullWidth
        inputProps={{ maxLength: 100, 'data-testid': 'proof-signed-by' }}
      />
      <Typography variant="caption" color="text.secondary" data-testid="proof-position">
        {locating === 'locating'
          ? t('proof.locating')
          : locating === 'found' && draft.position
            ? t('proof.located', { accuracy: draft.position.accuracy ?? '?' })
            : t('proof.noPosition')}
      </Typography>
    </Stack>
  );
}
