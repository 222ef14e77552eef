import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useT } from '../../i18n';
import type { ListState } from './useListState';
import '../../i18n/screens';

export interface FilterSelectProps {
  list: ListState;
  /** The list filter this select sets. */
  filter: string;
  label: string;
  /** `''` stands for "no filter". */
  options: ReadonlyArray<{ value: string; label: string }>;
  testId?: string;
}

/** A drop-down that sets one filter of a list (`''`: not filtered). */
export function FilterSelect({ list, filter, label, options, testId }: FilterSelectProps) {
  const current = list.filters[filter];
  return (
    <TextField
      select
      label={label}
      value={current === undefined ? '' : String(current)}
      onChange={(event) => list.setFilter(filter, event.target.value === '' ? undefined : event.target.value)}
      sx={{ minWidth: 180 }}
      slotProps={{ htmlInput: { 'data-testid': testId ?? `filter-${filter}` } }}
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The "Tous / Actifs / Inactifs" filter of lists with an `?active=` parameter. */
export function ActiveFilter({ list, label }: { list: ListState; label?: string }) {
  const t = useT();
  return (
    <FilterSelect
      list={list}
      filter="active"
      label={label ?? t('table.filterStatus')}
      options={[
        { value: '', label: t('table.filterAll') },
        { value: 'true', label: t('table.filterActive') },
        { value: 'false', label: t('table.filterInactive') },
      ]}
    />
  );
}
