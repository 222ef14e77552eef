import { useState } from 'react';
import { RemoteAutocomplete } from '../form/RemoteAutocomplete';
import { useDebounced } from '../useDebounced';
import { useT } from '../../i18n';
import { useListInventoriesQuery, type Inventory } from './api';
import '../../i18n/inventory';

interface Props {
  name: string;
  label: string;
  value: Inventory | null;
  onChange: (value: Inventory | null) => void;
  error?: string;
  helperText?: string;
  required?: boolean;
  disabled?: boolean;
  /** Admin: the products of one merchant only. */
  merchant?: string;
  /** Admin: each option names its merchant. */
  showMerchant?: boolean;
}

/** Picks a product of the stock (GET /api/inventories?q=), with its SKU and what is available. */
export function ProductPicker({ name, label, value, onChange, error, helperText, required, disabled, merchant, showMerchant }: Props) {
  const t = useT();
  const [search, setSearch] = useState('');
  const q = useDebounced(search, 250);
  const { data, isFetching } = useListInventoriesQuery({ page: 1, per_page: 25, sort: 'name', q: q || undefined, client: merchant });
  return (
    <RemoteAutocomplete<Inventory>
      name={name}
      label={label}
      value={value}
      onChange={onChange}
      options={data?.data ?? []}
      loading={isFetching}
      onSearch={setSearch}
      getKey={(product) => product.key}
      getLabel={(product) => `${product.sku} — ${product.name}`}
      getDetail={(product) =>
        showMerchant
          ? `${product.client.company || product.client.name} · ${t('inventory.availableCount', { count: product.available })}`
          : t('inventory.availableCount', { count: product.available })
      }
      error={error}
      helperText={helperText ?? (value ? t('inventory.availableCount', { count: value.available }) : undefined)}
      required={required}
      disabled={disabled}
      autoHighlight
    />
  );
}
