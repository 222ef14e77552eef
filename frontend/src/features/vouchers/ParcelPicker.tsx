import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { DataTable, type Column, type TableTabs } from '../../components/table/DataTable';
import { useListState, type FilterValue } from '../../components/table/useListState';
import { useRowSelection } from '../../components/table/useRowSelection';
import { useT } from '../../i18n';
import { useListParcelsQuery, type Parcel, type ParcelListArgs, type ParcelListView } from '../../components/parcel/api';
import { parcelColumns } from '../../components/parcel/columns';
import type { ParcelColumn } from '../../components/parcel/views';
import '../../i18n/parcels';

export interface ParcelPickerProps {
  /** The parcel list offered (`?view=`). */
  view: ParcelListView;
  /** Fixed filters of the list (e.g. the voucher's shop). */
  params?: Omit<ParcelListArgs, 'view'>;
  /** Filters the user may change, with their first values (e.g. the city of city tabs). */
  initialFilters?: Record<string, FilterValue>;
  tabs?: TableTabs;
  columns: readonly ParcelColumn[];
  /** More columns after the parcel's (e.g. "out of his cities"). */
  extraColumns?: ReadonlyArray<Column<Parcel>>;
  selected: readonly string[];
  /** The keys selected, and the parcels among them this picker has shown. */
  onChange: (keys: string[], parcels: Parcel[]) => void;
  /** More buttons in the selection bar. */
  selectionActions?: ReactNode;
  emptyMessage?: string;
  testId?: string;
}

/** A parcel list to pick from: search, pages of the server list, a checkbox on each row. */
export function ParcelPicker({
  view,
  params,
  initialFilters,
  tabs,
  columns,
  extraColumns = [],
  selected,
  onChange,
  selectionActions,
  emptyMessage,
  testId = 'parcel-picker',
}: ParcelPickerProps) {
  const t = useT();
  const list = useListState({ sort: '-created_at', cursor: true, perPage: 10, filters: initialFilters, url: false });
  const result = useListParcelsQuery({ ...list.args, ...params, view });
  const rows = useRowSelection<Parcel>((parcel) => parcel.key);
  const change = (keys: string[]) => onChange(keys, rows.select(keys, result.data?.data ?? []));
  return (
    <DataTable<Parcel>
      embedded
      testId={testId}
      columns={[...parcelColumns(columns, t), ...extraColumns]}
      list={list}
      result={result}
      tabs={tabs}
      rowKey={(parcel) => parcel.key}
      searchPlaceholder={t('parcels.search')}
      emptyMessage={emptyMessage ?? t('parcels.empty')}
      selection={{ selected, onChange: change }}
      selectionBar={
        <>
          <Typography variant="body2" sx={{ fontWeight: 600, mr: 1 }} data-testid="picker-count">
            {t('parcels.selected', { count: selected.length })}
          </Typography>
          {selectionActions}
          <Button size="small" onClick={() => change([])}>
            {t('parcels.clearSelection')}
          </Button>
        </>
      }
    />
  );
}
