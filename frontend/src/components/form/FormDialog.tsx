import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useLanguage, useT } from '../../i18n';
import { moneyInputText, parseMoney } from '../money';
import { FormField, type FieldDef, type FormValues } from './fields';
import { Form } from './Form';
import { phoneError } from './phone';
import { NO_ERRORS, submitErrors, type SubmitErrors } from './submitErrors';
import '../../i18n/screens';

type FormFields<V> = ReadonlyArray<FieldDef<V> | false | null | undefined>;

export interface FormDialogProps<V extends FormValues> {
  open: boolean;
  title: string;
  /**
   * The fields, in order; a two-column grid on wide screens. A function of the values being
   * typed when a field depends on another (a comment required once a quantity differs).
   */
  fields: FormFields<V> | ((values: V) => FormFields<V>);
  /** Values when the dialog opens, in the API's units (money in centimes). */
  initialValues: V;
  /**
   * Sends the values (money in centimes). Must throw the failed call's error (RTK Query's
   * `.unwrap()`): a 422 puts its messages under the fields, any other error shows its message.
   */
  onSubmit: (values: V) => Promise<unknown>;
  onClose: () => void;
  /** Called after a successful submit, before the dialog closes. */
  onSaved?: (result: unknown) => void;
  /**
   * Client-side checks: messages by field name (empty: fine). Money fields and phone fields
   * (`type: 'tel'`, the Moroccan rule) are checked without it.
   */
  validate?: (values: V) => Record<string, string>;
  submitLabel?: string;
  /** The button that closes without saving ("Annuler" unless told: "Retour" next to "Annuler le colis"). */
  cancelLabel?: string;
  /** Shown above the fields. */
  intro?: ReactNode;
  maxWidth?: 'xs' | 'sm' | 'md' | 'lg';
  testId?: string;
}

/**
 * A dialog form driven by a field list: server 422 messages under each field, the message of
 * any other refusal (403, 409…) above the fields, submit disabled while saving.
 */
export function FormDialog<V extends FormValues>(props: FormDialogProps<V>) {
  const { open, onClose, maxWidth = 'sm', testId = 'form-dialog' } = props;
  const [saving, setSaving] = useState(false);
  return (
    <Dialog
      open={open}
      onClose={() => {
        if (!saving) onClose();
      }}
      fullWidth
      maxWidth={maxWidth}
      data-testid={testId}
    >
      {/* Mounted on each opening, so every opening starts from the initial values. */}
      <FormDialogBody {...props} saving={saving} setSaving={setSaving} />
    </Dialog>
  );
}

function FormDialogBody<V extends FormValues>({
  title,
  fields: maybeFields,
  initialValues,
  onSubmit,
  onClose,
  onSaved,
  validate,
  submitLabel,
  cancelLabel,
  intro,
  saving,
  setSaving,
}: FormDialogProps<V> & { saving: boolean; setSaving: (saving: boolean) => void }) {
  const t = useT();
  const language = useLanguage();
  const fieldsOf = (values: FormValues) =>
    (typeof maybeFields === 'function' ? maybeFields(values as V) : maybeFields).filter((field): field is FieldDef<V> => Boolean(field)) as FieldDef<FormValues>[];
  const [draft, setDraft] = useState<FormValues>(() => {
    const out: FormValues = { ...initialValues };
    for (const field of fieldsOf(initialValues)) {
      if (field.type === 'money') out[field.name] = moneyInputText(initialValues[field.name] as number | null, language);
    }
    return out;
  });
  const fields = fieldsOf(draft);
  const [errors, setErrors] = useState<SubmitErrors>(NO_ERRORS);

  const change = (name: string, value: unknown) => {
    setDraft((current) => ({ ...current, [name]: value }));
    if (errors.fields[name]) setErrors((current) => ({ ...current, fields: { ...current.fields, [name]: '' } }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    if (saving) return;
    const values: FormValues = { ...draft };
    const local: Record<string, string> = {};
    for (const field of fields) {
      if (field.type === 'tel') {
        // A phone the API would refuse: said under the field, nothing sent.
        const wrong = phoneError(draft[field.name], t);
        if (wrong) local[field.name] = wrong;
      }
      if (field.type !== 'money') continue;
      const centimes = parseMoney(String(draft[field.name] ?? ''));
      if (Number.isNaN(centimes)) local[field.name] = t('form.invalidAmount');
      values[field.name] = centimes;
    }
    Object.assign(local, validate?.(values as V) ?? {});
    if (Object.values(local).some(Boolean)) {
      setErrors({ fields: local, form: null });
      return;
    }
    setErrors(NO_ERRORS);
    setSaving(true);
    try {
      const result = await onSubmit(values as V);
      setSaving(false);
      onSaved?.(result);
      onClose();
    } catch (error) {
      setSaving(false);
      setErrors(submitErrors(error, fields, t));
    }
  };

  return (
    <Form onSubmit={submit}>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        {intro}
        {errors.form && (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="form-error">
            {errors.form}
          </Alert>
        )}
        <Box sx={{ display: 'grid', gap: 2.5, pt: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {fields.map((field) => (
            <Box
              key={field.name}
              sx={{ gridColumn: field.wide || field.type === 'checkboxes' ? '1 / -1' : undefined }}
              data-testid={`field-${field.name}`}
            >
              <FormField
                field={field}
                value={draft[field.name]}
                onChange={(value) => change(field.name, value)}
                error={errors.fields[field.name] || undefined}
                disabled={saving}
                values={draft}
              />
            </Box>
          ))}
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={saving} color="secondary" data-testid="form-cancel">
          {cancelLabel ?? t('common.cancel')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={saving}
          startIcon={saving ? <CircularProgress size={16} color="inherit" /> : undefined}
          data-testid="form-submit"
        >
          {submitLabel ?? t('form.save')}
        </Button>
      </DialogActions>
    </Form>
  );
}
