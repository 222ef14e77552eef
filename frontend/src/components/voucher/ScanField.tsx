import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import QrCodeScanner from '@mui/icons-material/QrCodeScanner';
import ReplayOutlined from '@mui/icons-material/ReplayOutlined';
import VolumeOffOutlined from '@mui/icons-material/VolumeOffOutlined';
import VolumeUpOutlined from '@mui/icons-material/VolumeUpOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { keyframes } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { FormTextField } from '../FormTextField';
import { useT } from '../../i18n';
import { playBeep } from './beep';
import type { ScanOutcome } from './scan';
import '../../i18n/vouchers';

/** What the screen made of a scan: its outcome and the line to show. */
export interface ScanResult {
  outcome: ScanOutcome;
  message: string;
}

interface Props {
  label: string;
  helperText?: string;
  disabled?: boolean;
  /** Handles what was typed before Enter; null ignores it (an empty scan). */
  onScan: (raw: string) => ScanResult | null | Promise<ScanResult | null>;
  testId?: string;
}

const COLORS: Record<ScanOutcome, 'success' | 'error' | 'warning'> = { hit: 'success', miss: 'error', duplicate: 'warning' };

const flash = keyframes`
  from { opacity: 0.55; }
  to { opacity: 0; }
`;

const SOUND_KEY = 'colivra.scanSound';

function soundPreference(): boolean {
  try {
    return window.localStorage.getItem(SOUND_KEY) !== 'off';
  } catch {
    return true;
  }
}

/**
 * The field a barcode scanner types into: it types the tracking code then Enter. Each scan
 * flashes green (hit), red (miss) or amber (duplicate), beeps likewise, and leaves the field
 * empty and focused for the next one.
 */
export function ScanField({ label, helperText, disabled, onScan, testId = 'scan-field' }: Props) {
  const t = useT();
  const input = useRef<HTMLInputElement | null>(null);
  const [text, setText] = useState('');
  const [feedback, setFeedback] = useState<(ScanResult & { nonce: number }) | null>(null);
  const [sound, setSound] = useState(soundPreference);
  const nonce = useRef(0);

  useEffect(() => {
    if (!disabled) input.current?.focus();
  }, [disabled]);

  const submit = async (raw: string) => {
    setText('');
    input.current?.focus();
    const result = await onScan(raw);
    if (!result) return;
    nonce.current += 1;
    setFeedback({ ...result, nonce: nonce.current });
    if (sound) playBeep(result.outcome);
    input.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    event.stopPropagation();
    void submit(event.currentTarget.value);
  };

  const toggleSound = () => {
    const next = !sound;
    setSound(next);
    try {
      window.localStorage.setItem(SOUND_KEY, next ? 'on' : 'off');
    } catch {
      // Private browsing: the choice lasts for this page only.
    }
    input.current?.focus();
  };

  const color = feedback ? COLORS[feedback.outcome] : null;
  return (
    <Box data-testid={testId} data-outcome={feedback?.outcome ?? ''}>
      <Box sx={{ position: 'relative', borderRadius: 1 }}>
        <FormTextField
          label={label}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          disabled={disabled}
          autoComplete="off"
          inputRef={input}
          inputProps={{ 'data-testid': 'scan-input', autoCapitalize: 'characters', spellCheck: false, enterKeyHint: 'done' }}
          helperText={helperText}
          sx={color ? { '& .MuiOutlinedInput-notchedOutline': { borderColor: `${color}.main`, borderWidth: 2 } } : undefined}
          startAdornment={
            <InputAdornment position="start">
              <QrCodeScanner color={disabled ? 'disabled' : 'action'} />
            </InputAdornment>
          }
          endAdornment={
            <InputAdornment position="end">
              <Tooltip title={sound ? t('scan.soundOff') : t('scan.soundOn')}>
                <IconButton size="small" edge="end" onClick={toggleSound} aria-label={sound ? t('scan.soundOff') : t('scan.soundOn')} aria-pressed={sound}>
                  {sound ? <VolumeUpOutlined fontSize="small" /> : <VolumeOffOutlined fontSize="small" />}
                </IconButton>
              </Tooltip>
            </InputAdornment>
          }
        />
        {feedback && color && (
          <Box
            key={feedback.nonce}
            aria-hidden
            sx={{
              position: 'absolute',
              inset: 0,
              bottom: helperText ? 23 : 0,
              borderRadius: 1,
              pointerEvents: 'none',
              bgcolor: `${color}.main`,
              opacity: 0,
              animation: `${flash} 0.9s ease-out`,
              '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
            }}
          />
        )}
      </Box>
      <Box role="status" aria-live="polite" sx={{ minHeight: 28, mt: 0.5 }}>
        {feedback && color && (
          <Typography
            variant="body2"
            color={`${color}.main`}
            sx={{ display: 'flex', alignItems: 'center', gap: 0.75, fontWeight: 600 }}
            data-testid="scan-feedback"
            data-outcome={feedback.outcome}
          >
            {feedback.outcome === 'hit' ? (
              <CheckCircleOutline fontSize="small" />
            ) : feedback.outcome === 'duplicate' ? (
              <ReplayOutlined fontSize="small" />
            ) : (
              <ErrorOutline fontSize="small" />
            )}
            {feedback.message}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
