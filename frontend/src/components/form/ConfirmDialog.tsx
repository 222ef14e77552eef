import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useState, type ReactNode } from 'react';
import { useT } from '../../i18n';
import { failureMessage } from './failureMessage';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  body?: ReactNode;
  confirmLabel: string;
  /** The button that closes without doing anything ("Annuler" unless told). */
  cancelLabel?: string;
  color?: 'error' | 'primary' | 'warning' | 'success';
  /** Does the work; must throw the failed call's error (RTK Query's `.unwrap()`). */
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
  /** Called after `onConfirm` succeeded, before the dialog closes. */
  onDone?: () => void;
  /**
   * Called once the dialog has closed and given the focus back (its closing transition over):
   * the screen behind may then move the focus (to the error a refusal put on it).
   */
  onExited?: () => void;
  testId?: string;
}

/**
 * "Are you sure?" before a deletion or another step that cannot be undone. A refusal (409:
 * still in use, 403…) shows the server's message in the dialog, which stays open.
 */
export function ConfirmDialog({ open, onClose, onExited, testId = 'confirm-dialog', ...rest }: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Dialog
      open={open}
      onClose={() => {
        if (!busy) onClose();
      }}
      fullWidth
      maxWidth="xs"
      slotProps={onExited ? { transition: { onExited } } : undefined}
      data-testid={testId}
    >
      <ConfirmBody {...rest} onClose={onClose} busy={busy} setBusy={setBusy} />
    </Dialog>
  );
}

function ConfirmBody({
  title,
  body,
  confirmLabel,
  cancelLabel,
  color = 'error',
  onConfirm,
  onClose,
  onDone,
  busy,
  setBusy,
}: Omit<ConfirmDialogProps, 'open' | 'testId'> & { busy: boolean; setBusy: (busy: boolean) => void }) {
  const t = useT();
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setError(null);
    setBusy(true);
    try {
      await onConfirm();
      setBusy(false);
      onDone?.();
      onClose();
    } catch (failure) {
      setBusy(false);
      setError(failureMessage(failure, t));
    }
  };
  return (
    <>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        {body && <DialogContentText component="div">{body}</DialogContentText>}
        {error && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="confirm-error">
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy} color="secondary" data-testid="confirm-cancel">
          {error ? t('common.close') : cancelLabel ?? t('common.cancel')}
        </Button>
        <Button
          variant="contained"
          color={color}
          onClick={confirm}
          disabled={busy}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
          data-testid="confirm-submit"
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </>
  );
}
