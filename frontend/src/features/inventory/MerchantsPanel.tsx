import PauseCircleOutline from '@mui/icons-material/PauseCircleOutlined';
import PlayCircleOutline from '@mui/icons-material/PlayCircleOutlined';
import { DateText } from '../../components/DateText';
import { ResourceScreen } from '../../components/resource/ResourceScreen';
import type { Column, RowAction } from '../../components/table/DataTable';
import { dateColumn } from '../../components/table/columns';
import { FilterSelect } from '../../components/table/FilterSelect';
import { useListState } from '../../components/table/useListState';
import { useT } from '../../i18n';
import { useDecideInventoryMerchantMutation, useListInventoryMerchantsQuery, type InventoryMerchant } from '../../components/inventory/api';
import { ServiceStatusChip } from './chips';
import '../../i18n/inventory';
import '../../i18n/screens';

/** Admin: the merchants of the stock service, and his decision on each (activate, suspend). */
export function MerchantsPanel() {
  const t = useT();
  const list = useListState();
  const result = useListInventoryMerchantsQuery(list.args);
  const [decide] = useDecideInventoryMerchantMutation();
  const name = (row: InventoryMerchant) => row.client.company || row.client.name;

  const columns: Column<InventoryMerchant>[] = [
    { id: 'client', label: t('inventory.merchant'), card: 'title', render: (row) => (row.client.company ? `${row.client.company} (${row.client.name})` : row.client.name) },
    { id: 'status', label: t('inventory.status'), card: 'badge', render: (row) => <ServiceStatusChip status={row.status} label={row.status_label} /> },
    { id: 'products', label: t('inventory.products'), align: 'right' },
    dateColumn('created_at', t('inventory.askedOn')),
    // Not `dateColumn`: the document has it optional (always there, null until decided).
    { id: 'decided_at', label: t('inventory.decidedOn'), render: (row) => <DateText value={row.decided_at} /> },
  ];

  return (
    <ResourceScreen<InventoryMerchant, Record<string, never>>
      testId="inventory-clients"
      list={list}
      result={result}
      columns={columns}
      rowName={name}
      searchPlaceholder={t('inventory.searchMerchants')}
      emptyMessage={t('inventory.noMerchants')}
      filters={
        <FilterSelect
          list={list}
          filter="status"
          label={t('inventory.status')}
          options={[
            { value: '', label: t('table.filterAll') },
            { value: 'pending', label: t('inventory.status.pending') },
            { value: 'active', label: t('inventory.status.active') },
            { value: 'suspended', label: t('inventory.status.suspended') },
          ]}
        />
      }
      rowActions={(row, { run }): Array<RowAction<InventoryMerchant> | false> => [
        row.status !== 'active' && {
          id: 'activate',
          label: t('inventory.activate'),
          icon: <PlayCircleOutline fontSize="small" />,
          color: 'success',
          onClick: () => run(() => decide({ key: row.key, status: 'active' }).unwrap(), t('inventory.activated', { name: name(row) })),
        },
        row.status === 'active' && {
          id: 'suspend',
          label: t('inventory.suspend'),
          icon: <PauseCircleOutline fontSize="small" />,
          onClick: () => run(() => decide({ key: row.key, status: 'suspended' }).unwrap(), t('inventory.suspended', { name: name(row) })),
        },
      ]}
    />
  );
}
