import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { submitErrors } from '../../components/form/submitErrors';
import { FormTextField } from '../../components/FormTextField';
import { CURRENCY_SYMBOL, formatMoney, moneyInputText, parseMoney } from '../../components/money';
import type { Notify } from '../../components/NoticeSnackbar';
import { useLanguage, useT } from '../../i18n';
import { useUpdateDeliveryInvoiceMutation, type DeliveryInvoice } from '../../components/invoice/api';
import { CashDifference, differenceKind } from './CashDifference';
import '../../i18n/invoices';
import '../../i18n/screens';
import { Form } from '../../components/form/Form';

/**
 * The cash an admin counted for a draft delivery invoice, typed in dirhams: the difference with
 * the total shows while typing; "Enregistrer" sends it in centimes (it may be recorded again
 * until validation).
 */
export function CountCashForm({ invoice, notify }: { invoice: DeliveryInvoice; notify: Notify }) {
  const t = useT();
  const language = useLanguage();
  const [text, setText] = useState(() => moneyInputText(invoice.counted_amount, language));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [update] = useUpdateDeliveryInvoiceMutation();
  const typed = parseMoney(text);
  const valid = typed !== null && !Number.isNaN(typed);
  const unchanged = valid && typed === invoice.counted_amount;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (typed === null) return setError(t('invoices.countedRequired'));
    if (Number.isNaN(typed)) return setError(t('form.invalidAmount'));
    setError(null);
    setBusy(true);
    try {
      const result = await update({ key: invoice.key, body: { counted_amount: typed } }).unwrap();
      const difference = result.data.difference ?? typed - invoice.total;
      const kind = differenceKind(difference);
      notify(
        t('invoices.countedSaved', {
          amount: formatMoney(typed, language),
          difference: kind === 'even' ? t('invoices.difference.even') : t(`invoices.difference.${kind}`, { amount: formatMoney(Math.abs(difference), language) }),
        }),
        kind === 'short' ? 'warning' : 'success',
      );
    } catch (failure) {
      const errors = submitErrors(failure, [{ name: 'counted_amount' }], t);
      setError(errors.fields.counted_amount || errors.form || t('error.generic'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form onSubmit={submit} data-testid="count-cash" sx={{ display: 'grid', gap: 1.5 }}>
      <Typography variant="subtitle2" component="h3">
        {t('invoices.countTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('invoices.countIntro', { amount: formatMoney(invoice.total, language) })}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
        <FormTextField
          name="counted_amount"
          label={t('invoices.countedInput')}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            if (error) setError(null);
          }}
          error={Boolean(error)}
          helperText={error ?? undefined}
          disabled={busy}
          fullWidth={false}
          sx={{ minWidth: { sm: 220 } }}
          inputProps={{ inputMode: 'decimal', autoComplete: 'off', 'data-testid': 'counted-input' }}
          endAdornment={<InputAdornment position="end">{CURRENCY_SYMBOL}</InputAdornment>}
        />
        <Button
          type="submit"
          variant="outlined"
          disabled={busy || unchanged}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
          sx={{ mt: { sm: 1 } }}
          data-testid="counted-submit"
        >
          {t('invoices.countSubmit')}
        </Button>
      </Stack>
      {valid && !unchanged && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} data-testid="counted-preview">
          <Typography variant="body2" color="text.secondary">
            {t('invoices.differencePreview')}
          </Typography>
          <CashDifference difference={typed - invoice.total} />
        </Stack>
      )}
    </Form>
  );
}
