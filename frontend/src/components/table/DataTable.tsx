import Clear from '@mui/icons-material/Clear';
import Inbox from '@mui/icons-material/InboxOutlined';
import Search from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { alpha, type SxProps, type Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode, type RefCallback, type RefObject } from 'react';
import { errorBody, errorStatus } from '../../core/api';
import type { ListResponse } from '../../core/collections';
import { isolateLtr, useLanguage, useT, type Language, type Translate } from '../../i18n';
import { formatCount } from '../money';
import { FormTextField } from '../FormTextField';
import { FilterSheet } from './FilterSheet';
import { RowActionButton } from './RowActionButton';
import { TableCards } from './TableCards';
import type { Column, RowAction, TableSelection } from './types';

export type { CardSlot, Column, RowAction, TableSelection } from './types';
import { PAGE_SIZES, type ListState } from './useListState';
import '../../i18n/screens';

/** Delay between the last key typed in the search box and the request. */
export const SEARCH_DEBOUNCE_MS = 350;

/**
 * The table's cells: half the horizontal padding below the widest screens (a laptop's 1366 px
 * beside the menu holds nine columns and the row actions), the outer edges aligned with the
 * toolbar above. Once the table was found wider than its box (`data-compact` on the box), a chip
 * in a cell (a status « En attente de ramassage ») may take two lines rather than hold its column
 * wider than the box: the table then fits without scrolling.
 */
const TABLE_SX: SxProps<Theme> = {
  '& .MuiTableCell-root:not(.MuiTableCell-paddingCheckbox)': { px: { md: 1, xl: 2 } },
  '& .MuiTableCell-root:not(.MuiTableCell-paddingCheckbox):first-of-type': { pl: 2 },
  '& .MuiTableCell-root:not(.MuiTableCell-paddingCheckbox):last-of-type': { pr: 2 },
  '[data-compact="true"] > & .MuiTableBody-root .MuiChip-root': { height: 'auto', minHeight: 24, maxWidth: '100%' },
  '[data-compact="true"] > & .MuiTableBody-root .MuiChip-label': { whiteSpace: 'normal', overflowWrap: 'normal', textAlign: 'center', py: '2px' },
};

/** At most this many row action buttons on a line: more go on a second line (a narrower column). */
const ACTIONS_PER_LINE = 3;

/**
 * The row actions' column stays at the right edge of the table's box: when a table is wider than
 * its box (a narrow window, long values), its other columns scroll under it, the actions never.
 * On the paper (its own background: nothing shows through), with the row's hover or selection
 * tint over it, and a shadow on its inner edge while columns pass under it.
 */
const ACTIONS_SX = (theme: Theme) => ({
  position: 'sticky' as const,
  right: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
  '[data-overflowing="true"] &': {
    boxShadow: `inset 1px 0 0 ${theme.palette.divider}, -6px 0 8px -6px ${alpha(theme.palette.text.primary, 0.25)}`,
  },
  '.MuiTableRow-hover:hover > &': {
    backgroundImage: `linear-gradient(${theme.palette.action.hover}, ${theme.palette.action.hover})`,
  },
  // The focused row's ring (ROW_FOCUS_SX) goes on over this cell, which covers the row's outline.
  '.MuiTableRow-root:focus-visible > &': {
    backgroundImage: `linear-gradient(${theme.palette.action.focus}, ${theme.palette.action.focus})`,
    boxShadow: `inset 0 2px ${theme.palette.primary.main}, inset 0 -2px ${theme.palette.primary.main}, inset -2px 0 ${theme.palette.primary.main}`,
  },
  '.Mui-selected > &': {
    backgroundImage: `linear-gradient(${alpha(theme.palette.primary.main, theme.palette.action.selectedOpacity)}, ${alpha(
      theme.palette.primary.main,
      theme.palette.action.selectedOpacity,
    )})`,
  },
});

/**
 * A row the keyboard reached (Tab: rows that open something take the focus) shows it: a ring in
 * the theme's primary colour inside its edges, as buttons have (3:1 at least on the paper of both
 * modes), and the focus tint.
 */
const ROW_FOCUS_SX = (theme: Theme) => ({
  '&:focus-visible': {
    outline: `2px solid ${theme.palette.primary.main}`,
    outlineOffset: -2,
    backgroundColor: theme.palette.action.focus,
  },
});



/** What the table reads from an RTK Query list hook (`useListCitiesQuery(list.args)`). */
export interface ListResult<T> {
  data?: ListResponse<T>;
  isFetching: boolean;
  isError: boolean;
  error?: unknown;
  refetch: () => unknown;
}

export interface TableTabs {
  /** The list filter the tabs set. */
  filter: string;
  options: ReadonlyArray<{ value: string; label: string }>;
}


export interface DataTableProps<T> {
  columns: ReadonlyArray<Column<T>>;
  list: ListState;
  result: ListResult<T>;
  rowKey: (row: T) => string;
  /** Name of a row in accessible labels ("Modifier Casablanca"). */
  rowName?: (row: T) => string;
  rowActions?: (row: T) => ReadonlyArray<RowAction<T> | false | null | undefined>;
  /** Placeholder of the search box; without it, no search box. */
  searchPlaceholder?: string;
  tabs?: TableTabs;
  /** Filter controls, shown next to the search box. */
  filters?: ReactNode;
  /** Buttons at the right of the toolbar (e.g. "Ajouter"). */
  actions?: ReactNode;
  emptyMessage?: string;
  testId?: string;
  /** Smaller rows and no outer card (inside a dialog or drawer). */
  embedded?: boolean;
  /** A checkbox on each row (and one for the page) selecting rows by key. */
  selection?: TableSelection;
  /** Shown above the rows while some are selected (bulk actions). */
  selectionBar?: ReactNode;
  /** Clicking a row (or Enter on it) opens it, e.g. in a drawer. */
  onRowClick?: (row: T) => void;
  /** Extra style of a row (e.g. a flash on the row a scan just ticked). */
  rowSx?: (row: T) => SxProps<Theme> | undefined;
}

/** A body cell's style from its column: on one line, or a narrowest width. */
function cellSx<T>(column: Column<T>): SxProps<Theme> | undefined {
  if (!column.nowrap && column.minWidth === undefined) return undefined;
  return { whiteSpace: column.nowrap ? 'nowrap' : undefined, minWidth: column.minWidth };
}

/**
 * How a table fits its box: a ref for the box, whether the table is wider than it (it scrolls
 * sideways) and whether it is compact (its chips may wrap). A table found wider than its box turns
 * compact and stays so while the box is no wider (else it would turn back and forth); a wider box
 * tries again without. Kept up to date as the box or the table is resized.
 */
function useTableFit<E extends HTMLElement>(): [RefCallback<E>, { overflowing: boolean; compact: boolean }] {
  const [element, setElement] = useState<E | null>(null);
  const [overflowing, setOverflowing] = useState(false);
  // The box's width when the table turned compact (null: not compact).
  const [compactAt, setCompactAt] = useState<number | null>(null);
  useEffect(() => {
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const width = element.clientWidth;
      const over = element.scrollWidth > width + 1;
      setOverflowing(over);
      setCompactAt((at) => (at === null ? (over ? width : null) : width > at + 1 ? (over ? width : null) : at));
    };
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    measure();
    return () => observer.disconnect();
  }, [element]);
  return [setElement, { overflowing, compact: compactAt !== null }];
}

/**
 * The pager's « 1–25 sur 1 234 »: the range is one left-to-right unit, so right to left it stays
 * « 1–25 » (not « 25–1 »).
 */
function displayedRows(t: Translate, language: Language, from: number, to: number, count: string): string {
  const range = isolateLtr(`${formatCount(from, language)}–${formatCount(to, language)}`, language);
  return t('table.displayedRows', { range, count });
}

/**
 * A server-side list: search box (debounced), optional tabs and filters, sortable headers,
 * pagination, row actions, and its loading, empty and error states.
 */
export function DataTable<T>({
  columns,
  list,
  result,
  rowKey,
  rowName,
  rowActions,
  searchPlaceholder,
  tabs,
  filters,
  actions,
  emptyMessage,
  testId = 'data-table',
  embedded = false,
  selection,
  selectionBar,
  onRowClick,
  rowSx,
}: DataTableProps<T>) {
  const t = useT();
  const language = useLanguage();
  // Below a tablet's width the rows become cards and the filters move into a sheet.
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true });
  const { data, isFetching, isError, error, refetch } = result;
  const rows = data?.data ?? [];
  const cursorMode = list.cursorMode;
  const columnCount = columns.length + (rowActions ? 1 : 0) + (selection ? 1 : 0);
  const { page, perPage, setPage } = list;

  // Cursor mode: only the first page is counted; its count stays shown on the next ones.
  const metaTotal = data?.meta?.total;
  const capped = Boolean(data?.meta?.total_capped);
  const [counted, setCounted] = useState<{ total: number; capped: boolean } | null>(null);
  if (cursorMode && typeof metaTotal === 'number' && (counted?.total !== metaTotal || counted.capped !== capped)) {
    setCounted({ total: metaTotal, capped });
  }
  const total = typeof metaTotal === 'number' ? metaTotal : cursorMode ? counted?.total ?? rows.length : rows.length;
  const nextCursor = data?.meta?.next_cursor ?? null;

  // A page emptied by a deletion (or a shorter list): go back to the last page that has rows
  // (in cursor mode, to the first page: the cursors of the pages after it may no longer hold).
  const lastPage = cursorMode ? 1 : Math.max(1, Math.ceil(total / perPage));
  const overflow = !isFetching && !isError && data !== undefined && rows.length === 0 && page > lastPage;
  useEffect(() => {
    if (overflow) setPage(lastPage);
  }, [overflow, lastPage, setPage]);

  const [container, fit] = useTableFit<HTMLDivElement>();

  const selected = new Set(selection?.selected ?? []);
  const pageKeys = rows.map(rowKey);
  const pageSelected = pageKeys.filter((key) => selected.has(key)).length;
  const togglePage = (checked: boolean) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    for (const key of pageKeys) {
      if (checked) next.add(key);
      else next.delete(key);
    }
    selection.onChange([...next]);
  };
  const toggleRow = (key: string, checked: boolean) => {
    if (!selection) return;
    selection.onChange(checked ? [...selection.selected.filter((k) => k !== key), key] : selection.selected.filter((k) => k !== key));
  };

  const showSkeleton = data === undefined && isFetching;
  const showError = isError && !isFetching;
  const emptyNode = (
    <Box
      data-testid="table-empty"
      sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1, py: 6, px: 2, color: 'text.secondary', textAlign: 'center' }}
    >
      <Inbox fontSize="large" />
      <Typography>{list.q ? t('table.noResult', { query: list.q }) : emptyMessage ?? t('table.empty')}</Typography>
    </Box>
  );
  const sortable = columns.filter((column) => column.sortKey).map((column) => ({ key: column.sortKey as string, label: column.label }));

  const body = () => {
    if (showSkeleton) {
      return Array.from({ length: Math.min(perPage, 5) }, (_, index) => (
        <TableRow key={`skeleton-${index}`} data-testid="table-skeleton-row">
          {Array.from({ length: columnCount }, (_, cell) => (
            <TableCell key={cell}>
              <Skeleton variant="text" />
            </TableCell>
          ))}
        </TableRow>
      ));
    }
    if (showError && rows.length === 0) return null;
    if (rows.length === 0 && !isFetching) {
      return (
        <TableRow>
          <TableCell colSpan={columnCount} sx={{ border: 0 }}>
            {emptyNode}
          </TableCell>
        </TableRow>
      );
    }
    return rows.map((row) => {
      const key = rowKey(row);
      const name = rowName?.(row) ?? key;
      const shown = rowActions
        ? rowActions(row).filter((action): action is RowAction<T> => Boolean(action))
        : [];
      const isSelected = selected.has(key);
      const extraSx = rowSx?.(row);
      return (
        <TableRow
          key={key}
          hover
          selected={isSelected}
          data-testid="table-row"
          data-key={key}
          onClick={onRowClick ? () => onRowClick(row) : undefined}
          onKeyDown={
            onRowClick
              ? (event) => {
                  if (event.key === 'Enter' && event.target === event.currentTarget) onRowClick(row);
                }
              : undefined
          }
          tabIndex={onRowClick ? 0 : undefined}
          sx={[onRowClick ? { cursor: 'pointer' } : false, onRowClick ? ROW_FOCUS_SX : false, ...(Array.isArray(extraSx) ? extraSx : [extraSx ?? false])]}
        >
          {selection && (
            <TableCell padding="checkbox" onClick={(event) => event.stopPropagation()}>
              <Checkbox
                size="small"
                checked={isSelected}
                onChange={(event) => toggleRow(key, event.target.checked)}
                slotProps={{ input: { 'aria-label': t('table.selectRow', { name }) } }}
                data-testid="row-select"
              />
            </TableCell>
          )}
          {columns.map((column) => (
            <TableCell key={column.id} align={column.align} sx={cellSx(column)}>
              {column.render ? column.render(row) : String((row as Record<string, unknown>)[column.id] ?? '')}
            </TableCell>
          ))}
          {rowActions && (
            <TableCell align="right" sx={[ACTIONS_SX, { py: 0.5 }]} onClick={(event) => event.stopPropagation()}>
              <Box
                sx={{
                  display: 'inline-grid',
                  gridTemplateColumns: `repeat(${Math.max(1, Math.min(shown.length, ACTIONS_PER_LINE))}, auto)`,
                  justifyContent: 'end',
                  verticalAlign: 'middle',
                }}
              >
                {shown.map((action) => (
                  <RowActionButton key={action.id} action={action} row={row} name={name} tooltip />
                ))}
              </Box>
            </TableCell>
          )}
        </TableRow>
      );
    });
  };

  const content = (
    <>
      {tabs && (
        <Box sx={{ borderBottom: 1, borderColor: 'divider', px: embedded ? 0 : 2 }}>
          <Tabs
            value={String(list.filters[tabs.filter] ?? tabs.options[0]?.value ?? '')}
            onChange={(_event, value: string) => list.setFilter(tabs.filter, value)}
            variant="scrollable"
            allowScrollButtonsMobile
          >
            {tabs.options.map((option) => (
              <Tab key={option.value} value={option.value} label={option.label} data-testid={`tab-${option.value}`} />
            ))}
          </Tabs>
        </Box>
      )}
      {(searchPlaceholder || filters || actions) && (
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          // Gaps rather than margins: the filters and actions that do not fit go to the next line.
          useFlexGap
          sx={{ p: embedded ? 0 : 2, pt: embedded && tabs ? 2 : undefined, pb: embedded ? 2 : undefined, alignItems: { sm: 'center' }, flexWrap: 'wrap' }}
        >
          {phone && (filters || sortable.length > 0) ? (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              {searchPlaceholder && <SearchBox placeholder={searchPlaceholder} list={list} />}
              <FilterSheet list={list} sortable={sortable} ignore={tabs?.filter} withFilters={Boolean(filters)}>
                {filters}
              </FilterSheet>
            </Stack>
          ) : (
            <>
              {searchPlaceholder && <SearchBox placeholder={searchPlaceholder} list={list} />}
              {filters}
            </>
          )}
          <Box sx={{ flexGrow: 1 }} />
          {actions}
        </Stack>
      )}
      {selection && selection.selected.length > 0 && selectionBar && (
        <Stack
          direction="row"
          spacing={1}
          // Gaps rather than margins: the buttons that wrap on a phone line up on the left.
          useFlexGap
          data-testid="table-selection-bar"
          sx={{
            alignItems: 'center',
            flexWrap: 'wrap',
            mx: embedded ? 0 : 2,
            mb: 2,
            px: 2,
            py: 1,
            borderRadius: 1,
            bgcolor: 'action.selected',
          }}
        >
          {selectionBar}
        </Stack>
      )}
      {showError && (
        <Alert
          severity="error"
          sx={{ mx: embedded ? 0 : 2, mb: 2 }}
          data-testid="table-error"
          action={
            <Button color="inherit" size="small" onClick={() => refetch()}>
              {t('error.retry')}
            </Button>
          }
        >
          {errorStatus(error) === 'FETCH_ERROR'
            ? t('error.network')
            : errorBody(error)?.message ?? t('table.loadError')}
        </Alert>
      )}
      <Box sx={{ position: 'relative' }}>
        {isFetching && data !== undefined && (
          <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0, height: 2 }} aria-label={t('app.loading')} />
        )}
        {phone ? (
          showError && rows.length === 0 ? null : (
            <TableCards<T>
              columns={columns}
              rows={rows}
              rowKey={rowKey}
              rowName={(row) => rowName?.(row) ?? rowKey(row)}
              rowActions={rowActions}
              selection={selection}
              onToggleRow={toggleRow}
              onTogglePage={togglePage}
              pageSelected={pageSelected}
              onRowClick={onRowClick}
              rowSx={rowSx}
              loading={showSkeleton}
              empty={isFetching ? null : emptyNode}
              busy={isFetching}
            />
          )
        ) : (
        <TableContainer ref={container} data-overflowing={fit.overflowing} data-compact={fit.compact}>
          <Table size={embedded ? 'small' : 'medium'} aria-busy={isFetching} sx={TABLE_SX}>
            <TableHead>
              <TableRow>
                {selection && (
                  <TableCell padding="checkbox">
                    <Checkbox
                      size="small"
                      checked={pageKeys.length > 0 && pageSelected === pageKeys.length}
                      indeterminate={pageSelected > 0 && pageSelected < pageKeys.length}
                      disabled={pageKeys.length === 0}
                      onChange={(event) => togglePage(event.target.checked)}
                      slotProps={{ input: { 'aria-label': t('table.selectPage') } }}
                      data-testid="select-page"
                    />
                  </TableCell>
                )}
                {columns.map((column) => {
                  const sorted = column.sortKey
                    ? list.sort === column.sortKey
                      ? 'asc'
                      : list.sort === `-${column.sortKey}`
                        ? 'desc'
                        : false
                    : false;
                  return (
                    <TableCell
                      key={column.id}
                      align={column.align}
                      sx={{ width: column.width, minWidth: column.minWidth, whiteSpace: 'nowrap', fontWeight: 600 }}
                      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                    >
                      {column.sortKey ? (
                        <TableSortLabel
                          active={sorted !== false}
                          direction={sorted === false ? 'asc' : sorted}
                          onClick={() => list.toggleSort(column.sortKey as string)}
                          data-testid={`sort-${column.sortKey}`}
                        >
                          {column.label}
                        </TableSortLabel>
                      ) : (
                        column.label
                      )}
                    </TableCell>
                  );
                })}
                {rowActions && (
                  <TableCell align="right" sx={[ACTIONS_SX, { fontWeight: 600, whiteSpace: 'nowrap' }]}>
                    {t('table.actions')}
                  </TableCell>
                )}
              </TableRow>
            </TableHead>
            <TableBody data-testid="table-body">{body()}</TableBody>
          </Table>
        </TableContainer>
        )}
      </Box>
      {cursorMode && !showSkeleton && (rows.length > 0 || page > 1) && (
        <TablePagination
          component="div"
          count={-1}
          page={page - 1}
          rowsPerPage={perPage}
          rowsPerPageOptions={phone ? [] : [...PAGE_SIZES]}
          onPageChange={(_event, next) => {
            if (next + 1 > page) {
              if (nextCursor) list.nextPage(nextCursor);
            } else {
              setPage(next + 1);
            }
          }}
          onRowsPerPageChange={(event) => list.setPerPage(Number(event.target.value))}
          labelRowsPerPage={t('table.rowsPerPage')}
          labelDisplayedRows={() => {
            const from = (page - 1) * perPage + 1;
            const shownTotal = counted?.capped || (counted === null && nextCursor)
              ? isolateLtr(`${formatCount(Math.max(counted?.total ?? 0, from + rows.length - 1), language)}+`, language)
              : formatCount(Math.max(total, from + rows.length - 1), language);
            return rows.length === 0 ? '' : displayedRows(t, language, from, from + rows.length - 1, shownTotal);
          }}
          getItemAriaLabel={(type) => t(`table.page.${type}`)}
          slotProps={{ actions: { nextButton: { disabled: !nextCursor || isFetching } } }}
          data-testid="table-pagination"
        />
      )}
      {!cursorMode && !showSkeleton && total > 0 && (
        <TablePagination
          component="div"
          count={total}
          page={Math.min(page, lastPage) - 1}
          rowsPerPage={perPage}
          rowsPerPageOptions={phone ? [] : [...PAGE_SIZES]}
          onPageChange={(_event, next) => setPage(next + 1)}
          onRowsPerPageChange={(event) => list.setPerPage(Number(event.target.value))}
          labelRowsPerPage={t('table.rowsPerPage')}
          labelDisplayedRows={({ from, to, count }) => displayedRows(t, language, from, to, formatCount(count, language))}
          getItemAriaLabel={(type) => t(`table.page.${type}`)}
          data-testid="table-pagination"
        />
      )}
    </>
  );

  return embedded ? (
    <Box data-testid={testId}>{content}</Box>
  ) : (
    <Card data-testid={testId}>{content}</Card>
  );
}

/** The narrowest search box from a tablet's width up. */
const SEARCH_MIN_WIDTH = 280;

/**
 * The width the search box needs to show `placeholder` whole (its hint of what may be searched),
 * measured in the input's own font once the web fonts are in; null where nothing can measure
 * text (tests). The sides are the box's: its icon, paddings and outline.
 */
function usePlaceholderWidth(input: RefObject<HTMLInputElement | null>, placeholder: string): number | null {
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    let live = true;
    const measure = () => {
      const element = input.current;
      const box = element?.closest<HTMLElement>('.MuiInputBase-root');
      const context = element && box ? document.createElement('canvas').getContext?.('2d') : null;
      if (!element || !box || !context || !live) return;
      const style = getComputedStyle(element);
      context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const text = context.measureText(placeholder).width;
      const room = element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const sides = box.getBoundingClientRect().width - room;
      if (Number.isFinite(text) && Number.isFinite(sides)) setWidth(Math.ceil(text + sides + 2));
    };
    measure();
    // The app's font arrives after the first paint: measured again in it.
    document.fonts?.ready.then(measure, () => undefined);
    return () => {
      live = false;
    };
  }, [input, placeholder]);
  return width;
}

/**
 * The search box: the list is asked again once typing pauses (or at once on Enter). From a
 * tablet's width up it is wide enough for its placeholder (never cut: it says what may be
 * searched), within its toolbar's width.
 */
export function SearchBox({ placeholder, list }: { placeholder: string; list: ListState }) {
  const t = useT();
  const [text, setText] = useState(list.q);
  const input = useRef<HTMLInputElement | null>(null);
  const fit = usePlaceholderWidth(input, placeholder);
  // What this box asked for and the list has not shown yet: one of them coming back is no reason
  // to touch the box (typing may have gone on meanwhile, on a slow phone past the debounce).
  const [sent, setSent] = useState<readonly string[]>([]);
  // A search set from elsewhere (the address: back, forward, a link) shows in the box.
  const [shownQ, setShownQ] = useState(list.q);
  if (list.q !== shownQ) {
    setShownQ(list.q);
    const ours = sent.lastIndexOf(list.q);
    if (ours >= 0) setSent(sent.slice(ours + 1));
    else if (list.q !== text.trim()) setText(list.q);
  }
  const { setSearch } = list;
  const search = useCallback(
    (value: string) => {
      const asked = value.trim();
      // Asking for what the list shows changes nothing, so nothing comes back to wait for.
      if (asked !== shownQ) setSent((values) => (values.at(-1) === asked ? values : [...values.slice(-9), asked]));
      setSearch(value);
    },
    [setSearch, shownQ],
  );
  useEffect(() => {
    if (text.trim() === shownQ) return;
    const timer = setTimeout(() => search(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, search, shownQ]);
  return (
    <FormTextField
      label={t('table.search')}
      placeholder={placeholder}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onKeyDown={(event) => {
        // The list's own search: never the submit of a form around the list.
        if (event.key === 'Enter') {
          event.preventDefault();
          search(text);
        }
      }}
      fullWidth={false}
      inputRef={input}
      sx={{ minWidth: { sm: Math.max(SEARCH_MIN_WIDTH, fit ?? 0) }, maxWidth: '100%' }}
      inputProps={{ 'data-testid': 'table-search', role: 'searchbox' }}
      startAdornment={
        <InputAdornment position="start">
          <Search fontSize="small" />
        </InputAdornment>
      }
      endAdornment={
        text ? (
          <InputAdornment position="end">
            <IconButton
              size="small"
              edge="end"
              aria-label={t('table.clearSearch')}
              onClick={() => {
                setText('');
                search('');
              }}
            >
              <Clear fontSize="small" />
            </IconButton>
          </InputAdornment>
        ) : undefined
      }
    />
  );
}
