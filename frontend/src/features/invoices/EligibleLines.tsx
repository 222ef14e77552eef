import Inbox from '@mui/icons-material/InboxOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { errorStatus } from '../../core/api';
import { useRefusalReveal } from '../../components/form/Form';
import { submitErrors } from '../../components/form/submitErrors';
import { useT } from '../../i18n';
import { lineTotals, type InvoiceLine } from '../../components/invoice/api';
import { CashSummary, type InvoiceKind } from '../../components/invoice/CashSummary';
import { InvoiceLines, type LinesState } from './InvoiceLines';
import '../../i18n/invoices';
// The lines' status chips say the status in the UI's language (else the server's French label).
import '../../i18n/parcels';

export interface EligibleLinesProps {
  kind: InvoiceKind;
  /** The parcels that may go on the invoice (all ticked first). */
  lines: InvoiceLine[] | undefined;
  state: LinesState;
  /** "Déclarer", "Créer le brouillon". */
  submitLabel: string;
  /** Sends the ticked tracking codes; must throw the failed call's error (`.unwrap()`). */
  onSubmit: (codes: string[]) => Promise<unknown>;
  /** What the empty state says (nothing to invoice). */
  emptyMessage: string;
  /** The total in large type (the delivery person's cash, on his phone). */
  large?: boolean;
  /** Shown above the amounts. */
  heading?: ReactNode;
  testId?: string;
}

/**
 * The parcels that may go on a new invoice, all ticked first: the amounts of the ticked ones
 * (cash collected − fees or commissions = total), untick what should wait, then one button. A
 * refusal shows above the button, takes the focus and is said (the forms' refusal mechanism);
 * a list the server found stale (a parcel invoiced meanwhile) is read again.
 */
export function EligibleLines({ kind, lines, state, submitLabel, onSubmit, emptyMessage, large = false, heading, testId = 'eligible-lines' }: EligibleLinesProps) {
  const t = useT();
  // Unticked rather than ticked: parcels that arrive with a refresh start ticked.
  const [unticked, setUnticked] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const refusal = useRefusalReveal<HTMLDivElement>({ focusMessage: true });
  const { scope: refusalScope, announcer } = refusal;

  if (lines === undefined && !state.isError) {
    return (
      <Stack spacing={2} data-testid={`${testId}-loading`}>
        <Skeleton variant="rounded" height={large ? 180 : 140} />
        <Skeleton variant="rounded" height={120} />
      </Stack>
    );
  }
  if (lines !== undefined && lines.length === 0) {
    return (
      <Box
        data-testid={`${testId}-empty`}
        sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1, py: 6, color: 'text.secondary', textAlign: 'center' }}
      >
        <Inbox fontSize="large" />
        <Typography>{emptyMessage}</Typography>
      </Box>
    );
  }

  const all = lines ?? [];
  const ticked = all.filter((line) => !unticked.has(line.parcel));
  const totals = lineTotals(ticked);
  const left = all.length - ticked.length;

  const setTicked = (keys: string[]) => {
    const kept = new Set(keys);
    setUnticked(new Set(all.map((line) => line.parcel).filter((code) => !kept.has(code))));
  };

  const submit = async () => {
    if (busy || ticked.length === 0) return;
    setBusy(true);
    setFailure(null);
    refusal.quiet();
    try {
      await onSubmit(ticked.map((line) => line.parcel));
      setUnticked(new Set());
      setBusy(false);
    } catch (error) {
      const errors = submitErrors(error, [{ name: 'parcels' }], t);
      setFailure(errors.fields.parcels || errors.form || t('error.generic'));
      setBusy(false);
      refusal.handled();
      const status = errorStatus(error);
      if (status === 409 || status === 422) state.refetch();
    }
  };

  return (
    <Stack spacing={2} data-testid={testId} ref={refusalScope}>
      {lines !== undefined && (
        <Card variant="outlined" sx={{ borderColor: 'primary.main', borderWidth: large ? 2 : 1 }}>
          <CardContent sx={{ display: 'grid', gap: 2 }}>
            {heading}
            <CashSummary kind={kind} totals={totals} large={large} testId="eligible-summary" />
            {left > 0 && (
              <Typography variant="body2" color="text.secondary" data-testid={`${testId}-left`}>
                {t('invoices.eligible.left', { count: left })}
              </Typography>
            )}
            {failure && (
              <Alert severity="error" data-testid={`${testId}-error`}>
                {failure}
              </Alert>
            )}
            <Button
              variant="contained"
              size="large"
              fullWidth={large}
              disabled={busy || ticked.length === 0}
              onClick={submit}
              startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}
              data-testid={`${testId}-submit`}
              sx={{ justifySelf: large ? 'stretch' : 'start' }}
            >
              {submitLabel}
            </Button>
          </CardContent>
        </Card>
      )}
      <InvoiceLines
        kind={kind}
        lines={lines}
        state={state}
        selection={{ selected: ticked.map((line) => line.parcel), onChange: setTicked }}
        emptyMessage={emptyMessage}
        testId={`${testId}-table`}
      />
      {announcer}
    </Stack>
  );
}
