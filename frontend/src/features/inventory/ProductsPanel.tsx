import InfoOutlined from '@mui/icons-material/InfoOutlined';
import Chip from '@mui/material/Chip';
import { alpha } from '@mui/material/styles';
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { FormValues } from '../../components/form/fields';
import { ResourceScreen } from '../../components/resource/ResourceScreen';
import type { Column } from '../../components/table/DataTable';
import { FilterSelect } from '../../components/table/FilterSelect';
import { useListState } from '../../components/table/useListState';
import { useT } from '../../i18n';
import { useCreateInventoryMutation, useListInventoriesQuery, useUpdateInventoryMutation, type Inventory, type InventoryBody } from '../../components/inventory/api';
import { MerchantFilter } from './MerchantFilter';
import { ProductDrawer } from './ProductDrawer';
import '../../i18n/inventory';
import '../../i18n/screens';

interface ProductForm extends FormValues {
  sku: string;
  name: string;
  alert_threshold: string;
}

/** The alert threshold as typed: empty is none, anything else an integer (or NaN to refuse). */
function threshold(text: string): number | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/**
 * The products of the stock, low ones first (the server's default order): the merchant's own
 * (created, edited here), or every merchant's for an admin (filtered by merchant).
 */
export function ProductsPanel({ admin, toolbar }: { admin: boolean; toolbar?: ReactNode }) {
  const t = useT();
  // `?low=true` (the dashboard's low-stock card): the list starts filtered.
  const [params] = useSearchParams();
  const list = useListState({ filters: { low: params.get('low') === 'true' ? 'true' : undefined } });
  const result = useListInventoriesQuery(list.args);
  const [create] = useCreateInventoryMutation();
  const [update] = useUpdateInventoryMutation();
  const [opened, setOpened] = useState<Inventory | null>(null);

  const columns: Column<Inventory>[] = [
    { id: 'sku', label: t('inventory.sku'), sortKey: 'sku' },
    { id: 'name', label: t('inventory.name'), sortKey: 'name', card: 'title' },
    ...(admin ? [{ id: 'client', label: t('inventory.merchant'), render: (row: Inventory) => row.client.company || row.client.name }] : []),
    { id: 'on_hand', label: t('inventory.onHand'), align: 'right' },
    { id: 'reserved', label: t('inventory.reserved'), align: 'right' },
    { id: 'available', label: t('inventory.available'), align: 'right', sortKey: 'available', render: (row) => <strong>{row.available}</strong> },
    { id: 'pending_entries', label: t('inventory.pendingEntries'), align: 'right' },
    {
      id: 'alert',
      label: t('inventory.alert'),
      card: 'badge',
      render: (row) =>
        row.low ? (
          <Chip size="small" color="warning" label={t('inventory.lowChip')} data-testid="low-chip" />
        ) : row.alert_threshold == null ? (
          '—'
        ) : (
          t('inventory.threshold', { count: row.alert_threshold })
        ),
    },
  ];

  const toBody = (values: ProductForm): InventoryBody => ({
    ...(values.sku ? { sku: values.sku.trim() } : {}),
    name: values.name.trim(),
    alert_threshold: threshold(values.alert_threshold),
  });

  return (
    <>
      <ResourceScreen<Inventory, ProductForm>
        testId="products"
        list={list}
        result={result}
        columns={columns}
        rowName={(row) => row.name}
        searchPlaceholder={t('inventory.searchProducts')}
        emptyMessage={admin ? t('inventory.noProductsAdmin') : t('inventory.noProducts')}
        filters={
          <>
            <FilterSelect
              list={list}
              filter="low"
              label={t('inventory.stockFilter')}
              options={[
                { value: '', label: t('table.filterAll') },
                { value: 'true', label: t('inventory.lowChip') },
              ]}
            />
            {admin && <MerchantFilter list={list} />}
          </>
        }
        toolbar={toolbar}
        rowSx={(row) => (row.low ? { bgcolor: (theme) => alpha(theme.palette.warning.main, 0.08) } : undefined)}
        onRowClick={setOpened}
        rowActions={(row) => [{ id: 'details', label: t('inventory.details'), icon: <InfoOutlined fontSize="small" />, onClick: () => setOpened(row) }]}
        form={
          admin
            ? undefined
            : {
                createLabel: t('inventory.createProduct'),
                createTitle: t('inventory.createProduct'),
                editTitle: (row) => t('inventory.editProduct', { name: row.name }),
                empty: () => ({ sku: '', name: '', alert_threshold: '' }),
                fromRow: (row) => ({ sku: row.sku, name: row.name, alert_threshold: row.alert_threshold == null ? '' : String(row.alert_threshold) }),
                validate: (values): Record<string, string> => (Number.isNaN(threshold(values.alert_threshold)) ? { alert_threshold: t('inventory.wholeNumber') } : {}),
                fields: (row) => [
                  { name: 'sku', label: t('inventory.sku'), required: true, autoFocus: !row, disabled: Boolean(row), maxLength: 64, helperText: row ? t('inventory.skuFixed') : t('inventory.skuHelp') },
                  { name: 'name', label: t('inventory.name'), required: true, autoFocus: Boolean(row), maxLength: 150 },
                  { name: 'alert_threshold', label: t('inventory.alertThreshold'), inputMode: 'numeric', helperText: t('inventory.alertHelp') },
                ],
              }
        }
        onCreate={admin ? undefined : (values) => create(toBody(values)).unwrap()}
        onUpdate={admin ? undefined : (row, values) => update({ key: row.key, body: { name: values.name.trim(), alert_threshold: threshold(values.alert_threshold) } }).unwrap()}
      />
      <ProductDrawer product={opened} onClose={() => setOpened(null)} />
    </>
  );
}
