import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useT } from '../../i18n';
import { RowActionButton } from './RowActionButton';
import type { CardSlot, Column, RowAction, TableSelection } from './types';

export type { CardSlot } from './types';
import '../../i18n/screens';



export interface TableCardsProps<T> {
  columns: ReadonlyArray<Column<T>>;
  rows: readonly T[];
  rowKey: (row: T) => string;
  rowName: (row: T) => string;
  rowActions?: (row: T) => ReadonlyArray<RowAction<T> | false | null | undefined>;
  selection?: TableSelection;
  onToggleRow: (key: string, checked: boolean) => void;
  onTogglePage: (checked: boolean) => void;
  pageSelected: number;
  onRowClick?: (row: T) => void;
  rowSx?: (row: T) => SxProps<Theme> | undefined;
  /** Skeleton cards while the first page loads. */
  loading: boolean;
  /** What shows instead of the cards when there are none (empty message). */
  empty: ReactNode;
  busy: boolean;
}

function cell<T>(column: Column<T>, row: T): ReactNode {
  return column.render ? column.render(row) : String((row as Record<string, unknown>)[column.id] ?? '');
}

function slotOf<T>(column: Column<T>, index: number): CardSlot | 'line' {
  return column.card ?? (index === 0 ? 'title' : 'line');
}

/**
 * The phone layout of a list: one card per row, the first column (or the one marked `title`)
 * as its heading, a `badge` column beside it, the others as label and value lines, the row's
 * actions at the bottom. Rows keep the table's test ids and accessible names.
 */
export function TableCards<T>({
  columns,
  rows,
  rowKey,
  rowName,
  rowActions,
  selection,
  onToggleRow,
  onTogglePage,
  pageSelected,
  onRowClick,
  rowSx,
  loading,
  empty,
  busy,
}: TableCardsProps<T>) {
  const t = useT();
  if (loading) {
    return (
      <Stack spacing={1} sx={{ p: 1 }} data-testid="table-cards-loading">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} variant="rounded" height={96} data-testid="table-skeleton-row" />
        ))}
      </Stack>
    );
  }
  if (rows.length === 0) return <Box>{empty}</Box>;

  const slots = columns.map((column, index) => slotOf(column, index));
  return (
    <Stack spacing={1} sx={{ p: 1 }} aria-busy={busy} data-testid="table-body">
      {selection && (
        <FormControlLabel
          sx={{ ml: 0.5 }}
          control={
            <Checkbox
              size="small"
              checked={rows.length > 0 && pageSelected === rows.length}
              indeterminate={pageSelected > 0 && pageSelected < rows.length}
              onChange={(event) => onTogglePage(event.target.checked)}
              data-testid="select-page"
            />
          }
          label={<Typography variant="body2">{t('table.selectPage')}</Typography>}
        />
      )}
      {rows.map((row) => {
        const key = rowKey(row);
        const name = rowName(row);
        const isSelected = selection?.selected.includes(key) ?? false;
        const shown = rowActions ? rowActions(row).filter((action): action is RowAction<T> => Boolean(action)) : [];
        const extraSx = rowSx?.(row);
        const title = columns.filter((_, index) => slots[index] === 'title');
        const badges = columns.filter((_, index) => slots[index] === 'badge');
        const lines = columns.filter((_, index) => slots[index] === 'line');
        return (
          <Card
            key={key}
            variant="outlined"
            data-testid="table-row"
            data-key={key}
            role="group"
            aria-label={name}
            onClick={onRowClick ? () => onRowClick(row) : undefined}
            onKeyDown={
              onRowClick
                ? (event) => {
                    if (event.key === 'Enter' && event.target === event.currentTarget) onRowClick(row);
                  }
                : undefined
            }
            tabIndex={onRowClick ? 0 : undefined}
            sx={[
              { p: 1.5, display: 'grid', gap: 0.75 },
              isSelected ? { borderColor: 'primary.main', bgcolor: 'action.selected' } : false,
              onRowClick ? { cursor: 'pointer' } : false,
              // The card the keyboard reached shows it, as the table's rows do.
              onRowClick ? (theme: Theme) => ({ '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 } }) : false,
              ...(Array.isArray(extraSx) ? extraSx : [extraSx ?? false]),
            ]}
          >
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
              {selection && (
                <Checkbox
                  size="small"
                  sx={{ p: 0.5, ml: -0.5 }}
                  checked={isSelected}
                  onClick={(event) => event.stopPropagation()}
                  onChange={(event) => onToggleRow(key, event.target.checked)}
                  slotProps={{ input: { 'aria-label': t('table.selectRow', { name }) } }}
                  data-testid="row-select"
                />
              )}
              <Box sx={{ flex: '1 1 auto', minWidth: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
                {title.map((column) => (
                  <Box key={column.id}>{cell(column, row)}</Box>
                ))}
              </Box>
              {badges.map((column) => (
                <Box key={column.id} sx={{ flex: '0 0 auto' }}>
                  {cell(column, row)}
                </Box>
              ))}
            </Box>
            {lines.length > 0 && (
              <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(84px, auto) 1fr', columnGap: 1.5, rowGap: 0.5 }}>
                {lines.map((column) => (
                  <Box key={column.id} sx={{ display: 'contents' }}>
                    <Typography component="dt" variant="caption" color="text.secondary" sx={{ pt: 0.25 }}>
                      {column.label}
                    </Typography>
                    <Box component="dd" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere', typography: 'body2', textAlign: column.align === 'right' ? 'right' : undefined }}>
                      {cell(column, row)}
                    </Box>
                  </Box>
                ))}
              </Box>
            )}
            {shown.length > 0 && (
              <Box
                sx={{ display: 'flex', justifyContent: 'flex-end', flexWrap: 'wrap', gap: 0.5, mt: -0.5 }}
                onClick={(event) => event.stopPropagation()}
              >
                {shown.map((action) => (
                  <RowActionButton key={action.id} action={action} row={row} name={name} />
                ))}
              </Box>
            )}
          </Card>
        );
      })}
    </Stack>
  );
}
