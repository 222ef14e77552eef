import { useState } from 'react';
import type { CustomFieldProps } from '../form/fields';
import { RemoteAutocomplete } from '../form/RemoteAutocomplete';
import { useDebounced } from '../useDebounced';
import { useListParcelsQuery } from '../parcel/api';
import { useStatusLabel } from '../parcel/ParcelStatusChip';

/** A parcel as a form value: its code (the parcel's key), and a line to show. */
export interface ParcelOption {
  key: string;
  label: string;
  detail?: string;
}

type Props = Pick<CustomFieldProps, 'name' | 'label' | 'error' | 'helperText' | 'required' | 'disabled'> & {
  value: unknown;
  onChange: (value: ParcelOption | null) => void;
};

/** Picks one of the caller's parcels by its code, searched on the server (GET /api/parcels?q=). */
export function ParcelCodeAutocomplete({ name, label, value, onChange, error, helperText, required, disabled }: Props) {
  const [search, setSearch] = useState('');
  const statusLabel = useStatusLabel();
  const q = useDebounced(search.trim(), 250);
  const { data, isFetching } = useListParcelsQuery({ q, per_page: 10 }, { skip: q.length < 2 });
  const options: ParcelOption[] = (q.length < 2 ? [] : (data?.data ?? [])).map((parcel) => ({
    key: parcel.key,
    label: parcel.key,
    detail: `${parcel.recipient_name} · ${parcel.city_name} · ${statusLabel(parcel.status, parcel.status_label)}`,
  }));
  return (
    <RemoteAutocomplete<ParcelOption>
      name={name}
      label={label}
      value={(value as ParcelOption | null) ?? null}
      onChange={onChange}
      options={options}
      loading={isFetching}
      onSearch={setSearch}
      getKey={(parcel) => parcel.key}
      getLabel={(parcel) => parcel.label}
      getDetail={(parcel) => parcel.detail}
      error={error}
      helperText={helperText}
      required={required}
      disabled={disabled}
    />
  );
}
