import { useState } from 'react';
import { RemoteAutocomplete } from '../../components/form/RemoteAutocomplete';
import { useGlobalSearch } from '../../layouts/globalSearch';

export interface PersonOption {
  key: string;
  name: string;
  detail?: string;
}

/** Picks a person (merchant or delivery person) through the search (GET /api/search?q=). */
export function PersonAutocomplete({
  label,
  value,
  onChange,
}: {
  label: string;
  value: PersonOption | null;
  onChange: (value: PersonOption | null) => void;
}) {
  const [search, setSearch] = useState('');
  const { people, loading } = useGlobalSearch(search, true);
  const options: PersonOption[] = people.map((person) => ({
    key: person.key,
    name: person.name,
    detail: person.company ?? undefined,
  }));
  return (
    <RemoteAutocomplete<PersonOption>
      name="user"
      label={label}
      value={value}
      onChange={onChange}
      options={options}
      loading={loading}
      onSearch={setSearch}
      getKey={(person) => person.key}
      getLabel={(person) => person.name}
      getDetail={(person) => person.detail}
    />
  );
}
