import { useState } from 'react';
import type { CustomFieldProps } from '../form/fields';
import { RemoteAutocomplete } from '../form/RemoteAutocomplete';
import { useDebounced } from '../useDebounced';
import { personName, useListMerchantsQuery } from './api';

/** A merchant as a form value: his key, and a name to show. */
export interface MerchantOption {
  key: string;
  name: string;
  email?: string;
}

type Props = Pick<CustomFieldProps, 'name' | 'label' | 'error' | 'helperText' | 'required' | 'disabled'> & {
  value: unknown;
  onChange: (value: MerchantOption | null) => void;
};

/** Picks a merchant account, searched on the server (GET /api/clients?status=all&q=). */
export function MerchantAutocomplete({ name, label, value, onChange, error, helperText, required, disabled }: Props) {
  const [search, setSearch] = useState('');
  const q = useDebounced(search, 250);
  const { data, isFetching } = useListMerchantsQuery({ page: 1, per_page: 25, status: 'all', sort: 'last_name', q: q || undefined });
  const options: MerchantOption[] = (data?.data ?? []).map((merchant) => ({
    key: merchant.key,
    name: merchant.company ? `${merchant.company} (${personName(merchant)})` : personName(merchant),
    email: merchant.email,
  }));
  return (
    <RemoteAutocomplete<MerchantOption>
      name={name}
      label={label}
      value={(value as MerchantOption | null) ?? null}
      onChange={onChange}
      options={options}
      loading={isFetching}
      onSearch={setSearch}
      getKey={(merchant) => merchant.key}
      getLabel={(merchant) => merchant.name}
      getDetail={(merchant) => merchant.email}
      error={error}
      helperText={helperText}
      required={required}
      disabled={disabled}
    />
  );
}
