import { useState } from 'react';
import type { CustomFieldProps } from '../form/fields';
import { RemoteAutocomplete } from '../form/RemoteAutocomplete';
import { useDebounced } from '../useDebounced';
import { personName, useListClientsQuery } from './api';

/** A merchant as a form value: his key, and a name to show. */
export interface ClientOption {
  key: string;
  name: string;
  email?: string;
}

type Props = Pick<CustomFieldProps, 'name' | 'label' | 'error' | 'helperText' | 'required' | 'disabled'> & {
  value: unknown;
  onChange: (value: ClientOption | null) => void;
};

/** Picks a merchant account, searched on the server (GET /api/clients?status=all&q=). */
export function ClientAutocomplete({ name, label, value, onChange, error, helperText, required, disabled }: Props) {
  const [search, setSearch] = useState('');
  const q = useDebounced(search, 250);
  const { data, isFetching } = useListClientsQuery({ page: 1, per_page: 25, status: 'all', sort: 'last_name', q: q || undefined });
  const options: ClientOption[] = (data?.data ?? []).map((client) => ({
    key: client.key,
    name: client.company ? `${client.company} (${personName(client)})` : personName(client),
    email: client.email,
  }));
  return (
    <RemoteAutocomplete<ClientOption>
      name={name}
      label={label}
      value={(value as ClientOption | null) ?? null}
      onChange={onChange}
      options={options}
      loading={isFetching}
      onSearch={setSearch}
      getKey={(client) => client.key}
      getLabel={(client) => client.name}
      getDetail={(client) => client.email}
      error={error}
      helperText={helperText}
      required={required}
      disabled={disabled}
    />
  );
}
