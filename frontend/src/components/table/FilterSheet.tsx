import FilterList from '@mui/icons-material/FilterList';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { useT } from '../../i18n';
import type { ListState } from './useListState';
import '../../i18n/screens';

interface FilterSheetProps {
  list: ListState;
  /** The columns the list can be sorted by. */
  sortable: ReadonlyArray<{ key: string; label: string }>;
  /** A filter not counted on the button (the one the tabs set). */
  ignore?: string;
  withFilters: boolean;
  children: ReactNode;
}

/**
 * On a phone, a list's filters and sort live in a sheet rising from the bottom, opened by one
 * button that counts the filters in force; the sheet stays mounted so the filters keep their
 * state while closed.
 */
export function FilterSheet({ list, sortable, ignore, withFilters, children }: FilterSheetProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const active = Object.entries(list.filters).filter(
    ([name, value]) => name !== ignore && value !== undefined && value !== '',
  ).length;
  return (
    <>
      <Badge badgeContent={active} color="primary" overlap="rectangular">
        <Button
          variant="outlined"
          startIcon={<FilterList />}
          onClick={() => setOpen(true)}
          data-testid="table-filters-button"
          sx={{ whiteSpace: 'nowrap', minHeight: 40 }}
        >
          {withFilters ? t('table.filters') : t('table.sort')}
        </Button>
      </Badge>
      <Drawer
        anchor="bottom"
        open={open}
        onClose={() => setOpen(false)}
        keepMounted
        slotProps={{ paper: { sx: { borderTopLeftRadius: 12, borderTopRightRadius: 12, maxHeight: '85vh' } } }}
      >
        <Stack spacing={2} sx={{ p: 2, pb: 3 }} data-testid="table-filters-sheet" role="dialog" aria-label={t('table.filters')}>
          <Typography variant="h6">{withFilters ? t('table.filters') : t('table.sort')}</Typography>
          {withFilters && (
            <Box
              sx={{
                display: 'grid',
                gap: 2,
                // Filters laid out for a toolbar take the sheet's whole width here.
                '& > *': { flexDirection: 'column', alignItems: 'stretch' },
                '& .MuiFormControl-root, & .MuiAutocomplete-root, & .MuiBox-root': { width: '100%', minWidth: 0 },
              }}
            >
              {children}
            </Box>
          )}
          {sortable.length > 0 && (
            <TextField
              select
              label={t('table.sortBy')}
              value={list.sort ?? ''}
              onChange={(event) => list.setSort(event.target.value === '' ? undefined : event.target.value)}
              slotProps={{ htmlInput: { 'data-testid': 'table-sort-select' } }}
            >
              <MenuItem value="">{t('table.sortDefault')}</MenuItem>
              {sortable.flatMap((column) => [
                <MenuItem key={column.key} value={column.key}>
                  {t('table.sortAscending', { column: column.label })}
                </MenuItem>,
                <MenuItem key={`-${column.key}`} value={`-${column.key}`}>
                  {t('table.sortDescending', { column: column.label })}
                </MenuItem>,
              ])}
            </TextField>
          )}
          <Button variant="contained" onClick={() => setOpen(false)} data-testid="table-filters-done">
            {t('table.showResults')}
          </Button>
        </Stack>
      </Drawer>
    </>
  );
}
