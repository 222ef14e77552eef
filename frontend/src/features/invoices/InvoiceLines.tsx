import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { MoneyText } from '../../components/MoneyText';
import { DataTable, type Column, type RowAction, type TableSelection } from '../../components/table/DataTable';
import { localResult } from '../../components/table/localList';
import { useListState } from '../../components/table/useListState';
import { useT, type MessageKey, type Translate } from '../../i18n';
import { ParcelStatusChip } from '../../components/parcel/ParcelStatusChip';
import { lineDeduction, type InvoiceLine } from '../../components/invoice/api';
import type { InvoiceKind } from '../../components/invoice/CashSummary';
import '../../i18n/invoices';
import '../../i18n/screens';
import { Ltr } from '../../components/Ltr';

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
  /** Below the lines: a delivery invoice's carried balance, a line of its own. */
  footer?: ReactNode;
}

function code(line: InvoiceLine, t: Translate) {
  return (
    <Box>
      <Typography component="span" variant="body2" sx={{ fontFamily: 'monospace', fontWeight: 600, whiteSpace: 'nowrap' }}>
        <Ltr>{line.parcel}</Ltr>
      </Typography>
      {line.kind !== 'standard' && (
        <Typography variant="caption" color="text.secondary" component="div">
          {/* `standard`, `exchange` or `refund` (a plain string in the API's document). */}
          {t(`invoices.lineKind.${line.kind}` as MessageKey)}
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
    { id: 'status', label: t('invoices.line.status'), card: 'badge', render: (line) => <ParcelStatusChip status={line.status} label={line.status_label} /> },
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
 * a phone (the shared table's card layout); tick boxes and a removal button when the screen offers them.
 */
export function InvoiceLines({ kind, lines, state, selection, rowActions, emptyMessage, testId = 'invoice-lines', footer }: InvoiceLinesProps) {
  const t = useT();
  const list = useListState({ perPage: 100, url: false });
  const table = (
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
  if (!footer) return table;
  return (
    <Box>
      {table}
      {footer}
    </Box>
  );
}
