import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { errorBody, errorStatus } from '../../app/api';
import { MoneyText } from '../../components/MoneyText';
import { DataTable, type Column, type RowAction, type TableSelection } from '../../components/table/DataTable';
import { localResult } from '../../components/table/localList';
import { useListState } from '../../components/table/useListState';
import { useT, type Translate } from '../../i18n';
import { ParcelStatusChip } from '../parcels/ParcelStatusChip';
import { lineDeduction, type InvoiceLine } from './api';
import type { InvoiceKind } from './CashSummary';
import '../../i18n/invoices';
import '../../i18n/screens';

/** What the lines list shows while its call runs or after it failed. */
export interface LinesState {
  isLoading: boolean;
  isFetching: boolean;
  isError: boolean;
  error?: unknown;
  refetch: () => unknown;
}

export interface InvoiceLinesProps {
  kind: InvoiceKind;
  lines: readonly InvoiceLine[] | undefined;
  state: LinesState;
  /** Tick boxes (the parcels to put on an invoice). */
  selection?: TableSelection;
  rowActions?: (line: InvoiceLine) => ReadonlyArray<RowAction<InvoiceLine>>;
  emptyMessage: string;
  testId?: string;
}

function code(line: InvoiceLine, t: Translate) {
  return (
    <Box>
      <Typography component="span" variant="body2" sx={{ fontFamily: 'monospace', fontWeight: 600, whiteSpace: 'nowrap' }}>
        {line.parcel}
      </Typography>
      {line.kind !== 'standard' && (
        <Typography variant="caption" color="text.secondary" component="div">
          {t(`invoices.lineKind.${line.kind}`)}
        </Typography>
      )}
    </Box>
  );
}

function lineColumns(kind: InvoiceKind, t: Translate): Column<InvoiceLine>[] {
  return [
    { id: 'parcel', label: t('invoices.line.parcel'), render: (line) => code(line, t) },
    {
      id: 'recipient',
      label: t('invoices.line.recipient'),
      render: (line) => (
        <Box>
          <Typography variant="body2">{line.recipient_name}</Typography>
          <Typography variant="caption" color="text.secondary">
            {line.city_name}
          </Typography>
        </Box>
      ),
    },
    { id: 'status', label: t('invoices.line.status'), render: (line) => <ParcelStatusChip status={line.status} label={line.status_label} /> },
    { id: 'cod', label: t('invoices.line.cod'), align: 'right', render: (line) => <MoneyText centimes={line.cod_amount} /> },
    { id: 'deduction', label: t(`invoices.line.deduction.${kind}`), align: 'right', render: (line) => <MoneyText centimes={lineDeduction(line)} /> },
    {
      id: 'amount',
      label: t('invoices.line.amount'),
      align: 'right',
      render: (line) => (
        <Typography component="span" variant="body2" sx={{ fontWeight: 600 }} data-testid="line-amount">
          <MoneyText centimes={line.amount} />
        </Typography>
      ),
    },
  ];
}

/**
 * The parcels of an invoice (or those that may go on one): a table on a wide screen, cards on
 * a phone; tick boxes and a removal button when the screen offers them.
 */
export function InvoiceLines({ kind, lines, state, selection, rowActions, emptyMessage, testId = 'invoice-lines' }: InvoiceLinesProps) {
  const t = useT();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const list = useListState({ perPage: 100 });

  if (phone) {
    return <LineCards kind={kind} lines={lines} state={state} selection={selection} rowActions={rowActions} emptyMessage={emptyMessage} testId={testId} />;
  }
  return (
    <DataTable<InvoiceLine>
      embedded
      testId={testId}
      columns={lineColumns(kind, t)}
      list={list}
      result={localResult(lines, list, { isFetching: state.isFetching, isError: state.isError, error: state.error, refetch: state.refetch })}
      rowKey={(line) => line.parcel}
      rowActions={rowActions}
      emptyMessage={emptyMessage}
      selection={selection}
    />
  );
}

/** The phone layout: one card per parcel, its amount on the right. */
function LineCards({ kind, lines, state, selection, rowActions, emptyMessage, testId }: InvoiceLinesProps) {
  const t = useT();
  if (lines === undefined && state.isError) {
    return (
      <Alert
        severity="error"
        data-testid={`${testId}-error`}
        action={
          <Button color="inherit" size="small" onClick={() => state.refetch()}>
            {t('error.retry')}
          </Button>
        }
      >
        {errorStatus(state.error) === 'FETCH_ERROR' ? t('error.network') : errorBody(state.error)?.message ?? t('invoices.linesError')}
      </Alert>
    );
  }
  if (lines === undefined) {
    return (
      <Stack spacing={1} data-testid={`${testId}-loading`}>
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} variant="rounded" height={72} />
        ))}
      </Stack>
    );
  }
  if (lines.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }} data-testid="table-empty">
        {emptyMessage}
      </Typography>
    );
  }
  const ticked = new Set(selection?.selected ?? []);
  const all = lines.map((line) => line.parcel);
  const toggle = (key: string, checked: boolean) =>
    selection?.onChange(checked ? [...selection.selected.filter((k) => k !== key), key] : selection.selected.filter((k) => k !== key));
  return (
    <Stack spacing={1} data-testid={testId}>
      {selection && (
        <FormControlLabel
          control={
            <Checkbox
              checked={ticked.size === all.length}
              indeterminate={ticked.size > 0 && ticked.size < all.length}
              onChange={(event) => selection.onChange(event.target.checked ? all : [])}
              data-testid="select-page"
            />
          }
          label={t('invoices.tickAll', { ticked: ticked.size, count: all.length })}
        />
      )}
      {lines.map((line) => {
        const actions = rowActions?.(line) ?? [];
        return (
          <Box
            key={line.parcel}
            data-testid="table-row"
            data-key={line.parcel}
            sx={{
              display: 'flex',
              gap: 1,
              alignItems: 'flex-start',
              border: 1,
              borderColor: ticked.has(line.parcel) ? 'primary.main' : 'divider',
              borderRadius: 1,
              p: 1,
              opacity: selection && !ticked.has(line.parcel) ? 0.6 : 1,
            }}
          >
            {selection && (
              <Checkbox
                size="small"
                sx={{ p: 0.5 }}
                checked={ticked.has(line.parcel)}
                onChange={(event) => toggle(line.parcel, event.target.checked)}
                slotProps={{ input: { 'aria-label': t('table.selectRow', { name: line.parcel }) } }}
                data-testid="row-select"
              />
            )}
            <Box sx={{ flexGrow: 1, minWidth: 0 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
                {code(line, t)}
                <ParcelStatusChip status={line.status} label={line.status_label} />
              </Stack>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {line.recipient_name} · {line.city_name}
              </Typography>
              <Typography variant="caption" color="text.secondary" component="div">
                {t('invoices.line.cod')} <MoneyText centimes={line.cod_amount} /> · {t(`invoices.line.deduction.${kind}`)} <MoneyText centimes={lineDeduction(line)} />
              </Typography>
              {actions.length > 0 && (
                <Stack direction="row" spacing={1} sx={{ mt: 0.5 }}>
                  {actions.map((action) => (
                    <Button
                      key={action.id}
                      size="small"
                      color={action.color === 'default' || action.color === 'inherit' ? undefined : action.color}
                      startIcon={action.icon}
                      disabled={action.disabled}
                      onClick={() => action.onClick(line)}
                      aria-label={`${action.label} ${line.parcel}`}
                      data-testid={`row-action-${action.id}`}
                    >
                      {action.label}
                    </Button>
                  ))}
                </Stack>
              )}
            </Box>
            <Typography variant="subtitle2" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }} data-testid="line-amount">
              <MoneyText centimes={line.amount} />
            </Typography>
          </Box>
        );
      })}
    </Stack>
  );
}
