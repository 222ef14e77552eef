import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useState, type FormEvent } from 'react';
import { errorStatus, fieldErrors } from '../../core/api';
import { failureMessage } from '../../components/form/failureMessage';
import { FormTextField } from '../../components/FormTextField';
import { PrintButton } from '../../components/PrintButton';
import { useT } from '../../i18n';
import { entrySlipPdfUrl, useDeclareEntriesMutation, type EntrySlip } from '../../components/inventory/api';
import { lineBodies, lineErrors, newLine, StockLinesEditor, type StockLine } from '../../components/inventory/StockLinesEditor';
import '../../i18n/inventory';
import '../../i18n/screens';
import { Form } from '../../components/form/Form';

/**
 * Merchant: declares goods he brings to the hub, several products at once. The server makes one
 * entry slip; the dialog then offers to print it (a barcode per line, scanned at reception).
 */
export function DeclareEntryDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open={open} onClose={() => !busy && onClose()} fullWidth maxWidth="md" fullScreen={phone} data-testid="declare-entry-dialog">
      {open && <DeclareEntryBody onClose={onClose} busy={busy} setBusy={setBusy} />}
    </Dialog>
  );
}

function DeclareEntryBody({ onClose, busy, setBusy }: { onClose: () => void; busy: boolean; setBusy: (busy: boolean) => void }) {
  const t = useT();
  const [declare] = useDeclareEntriesMutation();
  const [lines, setLines] = useState<StockLine[]>(() => [newLine()]);
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [slip, setSlip] = useState<EntrySlip | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const local: Record<string, string> = {};
    lines.forEach((line, index) => {
      if (!line.product) local[`${index}.inventory`] = t('inventory.pickProduct');
      if (!(Number.parseInt(line.quantity, 10) >= 1)) local[`${index}.quantity`] = t('inventory.atLeastOne');
    });
    if (lines.length === 0) {
      setFormError(t('inventory.noLine'));
      return;
    }
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    setFormError(null);
    setBusy(true);
    try {
      const result = await declare({ lines: lineBodies(lines), ...(comment.trim() ? { comment: comment.trim() } : {}) }).unwrap();
      setSlip(result.data);
    } catch (error) {
      if (errorStatus(error) === 422) {
        const all = fieldErrors(error);
        const placed = lineErrors(all, 'lines', lines);
        setErrors(placed);
        if (all.comment) setErrors({ ...placed, comment: all.comment });
        const others = Object.entries(all).filter(([key]) => !/^lines\.\d+\./.test(key) && key !== 'comment');
        setFormError(others.length > 0 ? others.map(([, message]) => message).join(' ') : null);
      } else {
        setFormError(failureMessage(error, t));
      }
    } finally {
      setBusy(false);
    }
  };

  if (slip) {
    return (
      <>
        <DialogTitle>{t('inventory.slipTitle', { code: slip.code })}</DialogTitle>
        <DialogContent>
          <Alert severity="success" data-testid="entry-declared">
            {t('inventory.slipCreated', { count: slip.movements.length })}
          </Alert>
          <Box component="ul" sx={{ pl: 3 }}>
            {slip.movements.map((movement) => (
              <li key={movement.key}>
                {movement.code} — {movement.inventory.sku} {movement.inventory.name} × {movement.quantity}
              </li>
            ))}
          </Box>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} color="secondary" data-testid="declare-close">
            {t('common.close')}
          </Button>
          <PrintButton url={entrySlipPdfUrl(slip.key)} label={t('inventory.printSlip')} windowName="colivra-entry-slip" variant="contained" size="medium" testId="print-slip" />
        </DialogActions>
      </>
    );
  }

  return (
    <Form onSubmit={submit}>
      <DialogTitle>{t('inventory.declareEntry')}</DialogTitle>
      <DialogContent>
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('inventory.declareIntro')}
        </Alert>
        {formError && (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="form-error">
            {formError}
          </Alert>
        )}
        <Box sx={{ pt: 1, display: 'grid', gap: 2 }}>
          <StockLinesEditor lines={lines} onChange={setLines} errors={errors} disabled={busy} max={100} />
          <FormTextField
            name="comment"
            label={t('inventory.comment')}
            value={comment}
            onChange={(event) => setComment(event.target.value)}
            error={Boolean(errors.comment)}
            helperText={errors.comment}
            disabled={busy}
            multiline
            minRows={2}
            inputProps={{ maxLength: 500 }}
          />
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy} color="secondary" data-testid="form-cancel">
          {t('common.cancel')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={busy}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
          data-testid="form-submit"
        >
          {t('inventory.declare')}
        </Button>
      </DialogActions>
    </Form>
  );
}
