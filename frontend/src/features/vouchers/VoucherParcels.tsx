import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { DataTable, type DataTableProps, type RowAction } from '../../components/table/DataTable';
import { localResult } from '../../components/table/localList';
import { useListState } from '../../components/table/useListState';
import { useT } from '../../i18n';
import type { Parcel } from '../../components/parcel/api';
import { parcelColumns } from '../../components/parcel/columns';
import type { ParcelColumn } from '../../components/parcel/views';
import type { VoucherDetail } from '../../components/voucher/api';
import '../../i18n/vouchers';

/** The parcel columns inside a voucher. */
export const VOUCHER_PARCEL_COLUMNS: readonly ParcelColumn[] = ['code', 'recipient', 'city', 'amount', 'status'];

/** The parcels of a voucher (all of them in memory, shown by pages of 100). */
export function VoucherParcels({
  voucher,
  rowActions,
  selection,
  onRowClick,
  rowSx,
}: {
  voucher: VoucherDetail;
  rowActions?: (parcel: Parcel) => ReadonlyArray<RowAction<Parcel>>;
} & Pick<DataTableProps<Parcel>, 'selection' | 'onRowClick' | 'rowSx'>) {
  const t = useT();
  const list = useListState({ perPage: 100, url: false });
  return (
    <Box>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {t('vouchers.parcels')}
      </Typography>
      <DataTable<Parcel>
        embedded
        testId="voucher-parcels"
        columns={parcelColumns(VOUCHER_PARCEL_COLUMNS, t)}
        list={list}
        result={localResult(voucher.parcels, list, { isFetching: false, isError: false, refetch: () => undefined })}
        rowKey={(parcel) => parcel.key}
        rowActions={rowActions}
        emptyMessage={t('vouchers.noParcels')}
        selection={selection}
        onRowClick={onRowClick}
        rowSx={rowSx}
      />
    </Box>
  );
}
