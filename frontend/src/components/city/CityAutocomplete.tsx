import { useState } from 'react';
import { RemoteAutocomplete } from '../form/RemoteAutocomplete';
import type { CustomFieldProps } from '../form/fields';
import { useDebounced } from '../useDebounced';
import { useListCitiesQuery } from './api';

/** A city as a form value: its key, and its name to show. */
export interface CityOption {
  key: string;
  name: string;
}

/** Picks an active city, searched on the server (GET /api/cities?q=&active=true). */
export function CityAutocomplete({ name, label, value, onChange, error, helperText, required, disabled }: CustomFieldProps) {
  const [search, setSearch] = useState('');
  const q = useDebounced(search, 250);
  const { data, isFetching } = useListCitiesQuery({ page: 1, per_page: 25, sort: 'name', active: 'true', q: q || undefined });
  const options: CityOption[] = (data?.data ?? []).map((city) => ({ key: city.key, name: city.name }));
  return (
    <RemoteAutocomplete<CityOption>
      name={name}
      label={label}
      value={(value as CityOption | null) ?? null}
      onChange={onChange}
      options={options}
      loading={isFetching}
      onSearch={setSearch}
      getKey={(city) => city.key}
      getLabel={(city) => city.name}
      error={error}
      helperText={helperText}
      required={required}
      disabled={disabled}
    />
  );
}
