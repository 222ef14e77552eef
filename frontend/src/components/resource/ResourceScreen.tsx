import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ToggleOffOutlined from '@mui/icons-material/ToggleOffOutlined';
import ToggleOnOutlined from '@mui/icons-material/ToggleOnOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useMemo, useState, type ReactNode } from 'react';
import { useT, type Translate } from '../../i18n';
import { ConfirmDialog, type ConfirmDialogProps } from '../form/ConfirmDialog';
import { failureMessage } from '../form/failureMessage';
import type { FieldDef, FormValues } from '../form/fields';
import { FormDialog } from '../form/FormDialog';
import { NoticeSnackbar, useNotice, type Notify } from '../NoticeSnackbar';
import { PageHeader } from '../PageHeader';
import { DataTable, type Column, type DataTableProps, type ListResult, type RowAction, type TableTabs } from '../table/DataTable';
import type { ListState } from '../table/useListState';
import '../../i18n/screens';

export type ConfirmOptions = Omit<ConfirmDialogProps, 'open' | 'onClose'>;

/** What extra row actions can do with the screen's dialogs and notices. */
export interface ResourceHelpers<T> {
  /** Opens the edit form of a row. */
  edit: (row: T) => void;
  /** Asks for confirmation, then runs `onConfirm` (errors stay in the dialog). */
  confirm: (options: ConfirmOptions) => void;
  /** Runs a call at once; shows `success` when it worked, the server's message when not. */
  run: (work: () => Promise<unknown>, success?: string) => Promise<void>;
  notify: Notify;
}

export type FieldList<V> = ReadonlyArray<FieldDef<V> | false | null | undefined>;

export interface ResourceForm<T, V extends FormValues> {
  /** Fields of the create form (`row` undefined) or the edit form of `row`. */
  fields: (row?: T) => FieldList<V>;
  /** Values of an empty create form. */
  empty: () => V;
  /** Values of the edit form of a row. */
  fromRow: (row: T) => V;
  /** Title of the create form (needed with `onCreate`). */
  createTitle?: string;
  editTitle: (row: T) => string;
  /** Label of the toolbar button that opens the create form (needed with `onCreate`). */
  createLabel?: string;
  validate?: (values: V, row?: T) => Record<string, string>;
  maxWidth?: 'xs' | 'sm' | 'md' | 'lg';
  /** The notice after a save, from the call's answer (none: "saved" or "created"). */
  savedNotice?: (result: unknown, row?: T) => string | undefined;
}

export interface ResourceScreenProps<T, V extends FormValues> {
  /** Page title; without it, no header (e.g. a list inside a tab). */
  title?: string;
  subtitle?: string;
  testId: string;
  list: ListState;
  result: ListResult<T>;
  columns: ReadonlyArray<Column<T>>;
  rowKey?: (row: T) => string;
  rowName: (row: T) => string;
  searchPlaceholder?: string;
  tabs?: TableTabs;
  filters?: ReactNode;
  emptyMessage?: string;
  form?: ResourceForm<T, V>;
  /** Creates from the form values; throws the call's error (`.unwrap()`). Without it, no create button. */
  onCreate?: (values: V) => Promise<unknown>;
  /** Saves the edit form; without it, no edit action. */
  onUpdate?: (row: T, values: V) => Promise<unknown>;
  /** Deletes after confirmation; without it, no delete action. */
  onDelete?: (row: T) => Promise<unknown>;
  /** Title and text of the delete confirmation. */
  deleteText?: (row: T) => { title: string; body?: ReactNode };
  /** Rows that may not be edited or deleted (e.g. oneself). */
  canEdit?: (row: T) => boolean;
  canDelete?: (row: T) => boolean;
  /** More row actions, shown before edit and delete. */
  rowActions?: (row: T, helpers: ResourceHelpers<T>) => ReadonlyArray<RowAction<T> | false | null | undefined>;
  /** More content (e.g. a drawer) that may use the helpers. */
  children?: (helpers: ResourceHelpers<T>) => ReactNode;
  /** Clicking a row opens it (e.g. in a drawer). */
  onRowClick?: (row: T) => void;
  /** Extra style of a row (e.g. a product low on stock). */
  rowSx?: DataTableProps<T>['rowSx'];
  /** More toolbar buttons, before the create button. */
  toolbar?: ReactNode;
}

const defaultKey = (row: unknown) => String((row as { key: string }).key);

/**
 * A whole list screen for a simple resource: the table, the create and edit form dialogs and the
 * delete confirmation, from a column list, a field list and the RTK Query calls.
 */
export function ResourceScreen<T, V extends FormValues>({
  title,
  subtitle,
  testId,
  list,
  result,
  columns,
  rowKey = defaultKey,
  rowName,
  searchPlaceholder,
  tabs,
  filters,
  emptyMessage,
  form,
  onCreate,
  onUpdate,
  onDelete,
  deleteText,
  canEdit,
  canDelete,
  rowActions,
  children,
  onRowClick,
  rowSx,
  toolbar,
}: ResourceScreenProps<T, V>) {
  const t = useT();
  /** undefined: closed; null: create form; a row: its edit form. */
  const [editing, setEditing] = useState<T | null | undefined>(undefined);
  const [formOpen, setFormOpen] = useState(false);
  const [confirming, setConfirming] = useState<ConfirmOptions | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const { notice, notify, close } = useNotice();

  const helpers = useMemo<ResourceHelpers<T>>(
    () => ({
      edit: (row) => {
        setEditing(row);
        setFormOpen(true);
      },
      confirm: (options) => {
        setConfirming(options);
        setConfirmOpen(true);
      },
      run: async (work, success) => {
        try {
          await work();
          if (success) notify(success);
        } catch (error) {
          notify(failureMessage(error, t), 'error');
        }
      },
      notify,
    }),
    [notify, t],
  );

  const actions = (row: T): Array<RowAction<T> | false | null | undefined> => [
    ...(rowActions?.(row, helpers) ?? []),
    Boolean(form && onUpdate && (canEdit?.(row) ?? true)) && {
      id: 'edit',
      label: t('crud.edit'),
      icon: <EditOutlined fontSize="small" />,
      onClick: helpers.edit,
    },
    Boolean(onDelete && (canDelete?.(row) ?? true)) && {
      id: 'delete',
      label: t('crud.delete'),
      icon: <DeleteOutlined fontSize="small" />,
      color: 'error',
      onClick: () => {
        const text = deleteText?.(row) ?? { title: t('crud.deleteTitle', { name: rowName(row) }) };
        helpers.confirm({
          title: text.title,
          body: text.body ?? t('crud.deleteBody'),
          confirmLabel: t('crud.delete'),
          onConfirm: () => onDelete!(row),
          onDone: () => notify(t('crud.deleted')),
        });
      },
    },
  ];

  const editingRow = editing ?? undefined;
  return (
    <Box sx={{ display: 'grid', gap: 3 }} data-testid={testId}>
      {title && <PageHeader title={title} subtitle={subtitle} />}
      <DataTable
        columns={columns}
        list={list}
        result={result}
        rowKey={rowKey}
        rowName={rowName}
        rowActions={actions}
        searchPlaceholder={searchPlaceholder}
        tabs={tabs}
        filters={filters}
        emptyMessage={emptyMessage}
        testId={`${testId}-table`}
        onRowClick={onRowClick}
        rowSx={rowSx}
        actions={
          form && onCreate ? (
            <>
              {toolbar}
              <Button
                variant="contained"
                startIcon={<Add />}
                onClick={() => {
                  setEditing(null);
                  setFormOpen(true);
                }}
                data-testid="create-button"
                sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
              >
                {form.createLabel}
              </Button>
            </>
          ) : toolbar
        }
      />
      {form && editing !== undefined && (
        <FormDialog<V>
          open={formOpen}
          title={editingRow ? form.editTitle(editingRow) : form.createTitle ?? ''}
          fields={form.fields(editingRow)}
          initialValues={editingRow ? form.fromRow(editingRow) : form.empty()}
          validate={form.validate ? (values) => form.validate!(values, editingRow) : undefined}
          maxWidth={form.maxWidth}
          submitLabel={editingRow ? t('form.save') : t('form.create')}
          onSubmit={(values) => (editingRow ? onUpdate!(editingRow, values) : onCreate!(values))}
          onSaved={(result) => notify(form.savedNotice?.(result, editingRow) ?? (editingRow ? t('crud.saved') : t('crud.created')))}
          onClose={() => setFormOpen(false)}
        />
      )}
      {confirming && (
        <ConfirmDialog open={confirmOpen} {...confirming} onClose={() => setConfirmOpen(false)} />
      )}
      {children?.(helpers)}
      <NoticeSnackbar notice={notice} onClose={close} testId="resource-notice" />
    </Box>
  );
}

/** The activate / deactivate row action of rows with an `active` flag. */
export function activeToggleAction<T extends { active: boolean }>(
  row: T,
  t: Translate,
  toggle: (row: T, active: boolean) => void,
): RowAction<T> {
  return row.active
    ? {
        id: 'deactivate',
        label: t('crud.deactivate'),
        icon: <ToggleOnOutlined fontSize="small" />,
        color: 'success',
        onClick: () => toggle(row, false),
      }
    : {
        id: 'activate',
        label: t('crud.activate'),
        icon: <ToggleOffOutlined fontSize="small" />,
        onClick: () => toggle(row, true),
      };
}
