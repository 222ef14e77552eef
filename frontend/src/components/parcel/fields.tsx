// Form fields of the parcel forms: the merchant's shop, the city (searched on the server).
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { RemoteAutocomplete } from '../form/RemoteAutocomplete';
import type { CustomFieldProps } from '../form/fields';
import { useDebounced } from '../useDebounced';
import type { CityOption } from '../city/CityAutocomplete';
import { useListCitiesQuery } from '../city/api';
import { matchingCities } from '../city/match';
import type { Shop } from '../shop/api';

type FieldProps = Pick<CustomFieldProps, 'name' | 'label' | 'error' | 'helperText' | 'required' | 'disabled'>;

/** One of the merchant's shops (value: the shop key). */
export function ShopSelect({
  shops,
  value,
  onChange,
  name,
  label,
  error,
  helperText,
  required,
  disabled,
}: FieldProps & { shops: readonly Shop[]; value: string; onChange: (key: string) => void }) {
  return (
    <TextField
      select
      fullWidth
      name={name}
      label={label}
      value={shops.some((shop) => shop.key === value) ? value : ''}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(error)}
      helperText={error || helperText}
      required={required}
      disabled={disabled}
      slotProps={{ htmlInput: { 'data-testid': `select-${name}` } }}
    >
      {shops.map((shop) => (
        <MenuItem key={shop.key} value={shop.key}>
          {shop.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * An active city, searched on the server (GET /api/cities?q=); the first match is highlighted,
 * so typing "casa" then Enter picks Casablanca.
 */
export function CityField({
  value,
  onChange,
  ...props
}: FieldProps & { value: CityOption | null; onChange: (city: CityOption | null) => void }) {
  const [search, setSearch] = useState('');
  const q = useDebounced(search, 200);
  const { data, isFetching } = useListCitiesQuery({ page: 1, per_page: 25, sort: 'name', active: 'true', q: q || undefined });
  // The answer may be for an earlier text (typing outruns the server): keep only the cities
  // matching what is typed now, those starting with it first, so Enter never picks a stale one.
  const options = matchingCities<CityOption>(
    (data?.data ?? []).map((city) => ({ key: city.key, name: city.name })),
    search,
  );
  return (
    <RemoteAutocomplete<CityOption>
      {...props}
      autoHighlight
      value={value}
      onChange={onChange}
      options={options}
      loading={isFetching || q !== search}
      onSearch={setSearch}
      getKey={(city) => city.key}
      getLabel={(city) => city.name}
    />
  );
}
