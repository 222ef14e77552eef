import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlined';
import HighlightOff from '@mui/icons-material/HighlightOff';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import Box from '@mui/material/Box';
import { useState, type ReactNode } from 'react';
import { openPdf } from '../../components/pdf';
import { ResourceScreen } from '../../components/resource/ResourceScreen';
import type { Column, RowAction } from '../../components/table/DataTable';
import { dateColumn } from '../../components/table/columns';
import { FilterSelect } from '../../components/table/FilterSelect';
import { useListState, type ListState } from '../../components/table/useListState';
import { useLanguage, useT, type Translate } from '../../i18n';
import { entrySlipPdfUrl, useDecideMovementMutation, useDeleteMovementMutation, useListMovementsQuery, type Movement, type MovementType } from '../../components/inventory/api';
import { MovementStateChip, signedQuantity, useMovementTypeLabel } from './chips';
import { MerchantFilter } from './MerchantFilter';
import { ReceiptComment, receivedText } from './MovementLines';
import { ValidateDialog } from './ValidateDialog';
import '../../i18n/inventory';
import '../../i18n/screens';
import { Ltr } from '../../components/Ltr';

export function typeOptions(t: Translate) {
  return [
    { value: '', label: t('table.filterAll') },
    { value: 'entry', label: t('inventory.type.entry') },
    { value: 'exit', label: t('inventory.type.exit') },
    { value: 'return', label: t('inventory.type.return') },
    { value: 'adjustment', label: t('inventory.type.adjustment') },
  ];
}

export function stateOptions(t: Translate) {
  return [
    { value: '', label: t('table.filterAll') },
    { value: 'pending', label: t('inventory.state.pending') },
    { value: 'validated', label: t('inventory.state.validated') },
    { value: 'rejected', label: t('inventory.state.rejected') },
  ];
}

/** What the content above a queue's list (its scan box) may do with the list. */
export interface QueueControls {
  /** Opens a movement's validation. */
  open: (movement: Movement) => void;
  /** The list below, e.g. narrowed to the movements of one scanned code (`code` filter). */
  list: ListState;
}

interface Props {
  admin: boolean;
  /** A queue of the admin: pending movements of one type, nothing else to filter. */
  pending?: Extract<MovementType, 'entry' | 'return'>;
  /** Shown above the list (the scan box of a queue). */
  header?: (controls: QueueControls) => ReactNode;
  toolbar?: ReactNode;
  testId?: string;
}

/** Stock movements: the whole history with its filters, or one of the admin's queues. */
export function MovementsPanel({ admin, pending, header, toolbar, testId = 'movements' }: Props) {
  const t = useT();
  const language = useLanguage();
  const list = useListState(pending ? { filters: { type: pending, state: 'pending' } } : {});
  const typeLabel = useMovementTypeLabel();
  const result = useListMovementsQuery(list.args);
  const [decide] = useDecideMovementMutation();
  const [remove] = useDeleteMovementMutation();
  const [validating, setValidating] = useState<Movement | null>(null);

  const columns: Column<Movement>[] = [
    { id: 'code', label: t('inventory.code'), card: 'title', render: (row) => <strong><Ltr>{row.code}</Ltr></strong> },
    { id: 'product', label: t('inventory.product'), render: (row) => `${row.inventory.sku} — ${row.inventory.name}` },
    ...(admin ? [{ id: 'client', label: t('inventory.merchant'), render: (row: Movement) => row.client.company || row.client.name }] : []),
    { id: 'type', label: t('inventory.type'), render: (row) => typeLabel(row) },
    { id: 'state', label: t('inventory.state'), card: 'badge', render: (row) => <MovementStateChip state={row.state} label={row.state_label} /> },
    {
      id: 'quantity',
      label: t('inventory.quantity'),
      align: 'right',
      render: (row) => (
        <>
          {receivedText(row, t) ?? signedQuantity(row.type, row.received_quantity ?? row.quantity, language)}
          <Box component="span" sx={{ display: 'block', maxWidth: 280, ml: 'auto' }}>
            <ReceiptComment movement={row} />
          </Box>
        </>
      ),
    },
    { id: 'parcel', label: t('inventory.parcel'), render: (row) => (row.parcel ? <Ltr>{row.parcel.code}</Ltr> : '—') },
    { id: 'author', label: t('inventory.author'), render: (row) => row.author.name },
    dateColumn('created_at', t('inventory.date')),
  ];

  const decidable = (row: Movement) => admin && row.state === 'pending' && (row.type === 'entry' || row.type === 'return');

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      {header?.({ open: setValidating, list })}
      <ResourceScreen<Movement, Record<string, never>>
        testId={testId}
        list={list}
        result={result}
        columns={columns}
        rowName={(row) => row.code}
        searchPlaceholder={t('inventory.searchMovements')}
        emptyMessage={pending === 'entry' ? t('inventory.noEntriesToReceive') : pending === 'return' ? t('inventory.noReturnsToCheck') : t('inventory.noMovements')}
        filters={
          pending ? undefined : (
            <>
              <FilterSelect list={list} filter="type" label={t('inventory.type')} options={typeOptions(t)} />
              <FilterSelect list={list} filter="state" label={t('inventory.state')} options={stateOptions(t)} />
              {admin && <MerchantFilter list={list} />}
            </>
          )
        }
        toolbar={toolbar}
        onDelete={(row) => remove(row.key).unwrap()}
        canDelete={(row) => row.deletable}
        deleteText={(row) => ({ title: t('inventory.deleteEntryTitle', { code: row.code }), body: t('inventory.deleteEntryBody') })}
        rowActions={(row, { confirm, notify }): Array<RowAction<Movement> | false> => [
          decidable(row) && {
            id: 'validate',
            label: t('inventory.validate'),
            icon: <CheckCircleOutline fontSize="small" />,
            color: 'success',
            onClick: () => setValidating(row),
          },
          decidable(row) && {
            id: 'reject',
            label: row.type === 'return' ? t('inventory.rejectDamaged') : t('inventory.reject'),
            icon: <HighlightOff fontSize="small" />,
            color: 'error',
            onClick: () =>
              confirm({
                title: t(row.type === 'return' ? 'inventory.rejectReturnTitle' : 'inventory.rejectEntryTitle', { code: row.code }),
                body: t('inventory.rejectBody', { quantity: row.quantity, name: row.inventory.name }),
                confirmLabel: row.type === 'return' ? t('inventory.rejectDamaged') : t('inventory.reject'),
                color: 'error',
                onConfirm: () => decide({ key: row.key, body: { state: 'rejected' } }).unwrap(),
                onDone: () => notify(t('inventory.rejected', { code: row.code })),
              }),
          },
          Boolean(row.entry_slip) && {
            id: 'print',
            label: t('inventory.printSlip'),
            icon: <PrintOutlined fontSize="small" />,
            onClick: () => openPdf(entrySlipPdfUrl(row.entry_slip!), 'colivra-entry-slip'),
          },
        ]}
      >
        {({ notify }) => (
          <ValidateDialog movement={validating} onClose={() => setValidating(null)} onDone={(movement) => notify(t('inventory.validated', { code: movement.code }))} />
        )}
      </ResourceScreen>
    </Box>
  );
}
