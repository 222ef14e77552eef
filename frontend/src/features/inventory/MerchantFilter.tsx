import { FilterSelect } from '../../components/table/FilterSelect';
import type { ListState } from '../../components/table/useListState';
import { useT } from '../../i18n';
import { useListInventoryMerchantsQuery } from '../../components/inventory/api';
import '../../i18n/inventory';
import '../../i18n/screens';

/** Admin: the list's `?client=` filter, among the merchants of the stock service. */
export function MerchantFilter({ list }: { list: ListState }) {
  const t = useT();
  const { data } = useListInventoryMerchantsQuery({ page: 1, per_page: 100 });
  const options = (data?.data ?? []).map((row) => ({ value: row.key, label: row.client.company || row.client.name }));
  return <FilterSelect list={list} filter="client" label={t('inventory.merchant')} options={[{ value: '', label: t('table.filterAll') }, ...options]} />;
}
