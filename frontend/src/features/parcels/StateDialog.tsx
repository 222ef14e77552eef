import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { errorBody, errorStatus, fieldErrors } from '../../core/api';
import { useT, type MessageKey } from '../../i18n';
import type { Role } from '../../navigation/types';
import { usePostStateMutation, type Parcel, type ParcelStatus } from '../../components/parcel/api';
import { ParcelStatusChip } from '../../components/parcel/ParcelStatusChip';
import { StateDetailFields } from '../../components/parcel/StateDetailFields';
import { stateChoices, stateRequirements } from '../../components/parcel/states';
import '../../i18n/parcels';
import '../../i18n/screens';
import { Form } from '../../components/form/Form';

interface Props {
  /** The parcel, kept while the dialog closes. */
  parcel: Parcel | null;
  open: boolean;
  role: Role;
  onClose: () => void;
  /** After the move was saved, with the new status label. */
  onDone: (parcel: Parcel) => void;
}

/**
 * Moves a parcel to a status (POST /api/parcels/states): a date for postponed and scheduled, a
 * reason for refused, cancelled, lost, damaged and for an admin's move outside the flow.
 */
export function StateDialog({ parcel, open, role, onClose, onDone }: Props) {
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open={open && parcel !== null} onClose={() => !busy && onClose()} fullWidth maxWidth="sm" data-testid="state-dialog">
      {parcel && <StateForm parcel={parcel} role={role} onClose={onClose} onDone={onDone} busy={busy} setBusy={setBusy} />}
    </Dialog>
  );
}

function StateForm({
  parcel,
  role,
  onClose,
  onDone,
  busy,
  setBusy,
}: Omit<Props, 'parcel' | 'open'> & { parcel: Parcel; busy: boolean; setBusy: (busy: boolean) => void }) {
  const t = useT();
  const [postState] = usePostStateMutation();
  const choices = stateChoices(role, parcel.status);
  const [status, setStatus] = useState<ParcelStatus | ''>('');
  const [comment, setComment] = useState('');
  const [date, setDate] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const needs = status ? stateRequirements(role, parcel.status, status) : { date: false, comment: false, forced: false };
  const label = (value: string) => t(`parcels.status.${value}` as MessageKey);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const local: Record<string, string> = {};
    if (!status) local.status = t('parcels.state.chooseStatus');
    if (needs.date && !date) local.date = t('parcels.state.dateRequired');
    if (needs.comment && !comment.trim()) local.comment = needs.forced ? t('parcels.state.forcedCommentRequired') : t('parcels.state.commentRequired');
    setFormError(null);
    setErrors(local);
    if (Object.keys(local).length > 0 || !status) return;
    setBusy(true);
    try {
      const result = await postState({
        parcel: parcel.key,
        status,
        ...(comment.trim() ? { comment: comment.trim() } : {}),
        ...(needs.date && date ? { date } : {}),
      }).unwrap();
      setBusy(false);
      onDone(result.data);
      onClose();
    } catch (error) {
      setBusy(false);
      const code = errorStatus(error);
      if (code === 422) {
        const fields = fieldErrors(error);
        setErrors(fields);
        if (Object.keys(fields).length === 0) setFormError(errorBody(error)?.message ?? t('error.generic'));
      } else {
        setFormError(code === 'FETCH_ERROR' ? t('error.network') : errorBody(error)?.message ?? t('error.generic'));
      }
    }
  };

  return (
    <Form onSubmit={submit}>
      <DialogTitle>{t('parcels.state.title', { code: parcel.key })}</DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2, color: 'text.secondary' }}>
          {t('parcels.state.current')} <ParcelStatusChip status={parcel.status} label={parcel.status_label} />
        </Box>
        {formError && (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="form-error">
            {formError}
          </Alert>
        )}
        {choices.length === 0 ? (
          <Alert severity="info">{t('parcels.state.none')}</Alert>
        ) : (
          <Box sx={{ display: 'grid', gap: 2.5, pt: 1 }}>
            <TextField
              select
              autoFocus
              required
              name="status"
              label={t('parcels.state.newStatus')}
              value={status}
              onChange={(event) => {
                setStatus(event.target.value as ParcelStatus);
                setErrors({});
              }}
              error={Boolean(errors.status)}
              helperText={errors.status || (needs.forced ? t('parcels.state.forcedHelp') : undefined)}
              disabled={busy}
              slotProps={{ htmlInput: { 'data-testid': 'state-status' } }}
            >
              {choices.map((choice) => (
                <MenuItem key={choice} value={choice}>
                  {label(choice)}
                </MenuItem>
              ))}
            </TextField>
            <StateDetailFields
              needsDate={needs.date}
              needsComment={needs.comment}
              date={date}
              onDate={setDate}
              comment={comment}
              onComment={setComment}
              errors={errors}
              busy={busy}
            />
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy} color="secondary">
          {t('common.cancel')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={busy || choices.length === 0}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
          data-testid="form-submit"
        >
          {t('parcels.state.submit')}
        </Button>
      </DialogActions>
    </Form>
  );
}
