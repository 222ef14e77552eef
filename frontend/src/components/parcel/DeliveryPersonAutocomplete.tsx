import { useState } from 'react';
import { RemoteAutocomplete } from '../form/RemoteAutocomplete';
import { useDebounced } from '../useDebounced';
import { useListDeliveryPeopleQuery } from '../deliveryPerson/api';
import { isolateLtr, useLanguage } from '../../i18n';

/** A delivery person as a form value: his key and his name (and the cities he serves, when listed). */
export interface DeliveryPersonOption {
  key: string;
  name: string;
  phone?: string;
  cities?: ReadonlyArray<{ key: string; name: string }>;
}

interface Props {
  name: string;
  label: string;
  value: DeliveryPersonOption | null;
  onChange: (value: DeliveryPersonOption | null) => void;
  error?: string;
  helperText?: string;
  required?: boolean;
  disabled?: boolean;
  /** Leaves this one out (the delivery person who holds the parcel now). */
  exclude?: string | null;
}

/** Picks an active delivery person, searched on the server (GET /api/delivery-admins?q=&active=true). */
export function DeliveryPersonAutocomplete({ exclude, ...props }: Props) {
  const [search, setSearch] = useState('');
  const language = useLanguage();
  const q = useDebounced(search, 250);
  const { data, isFetching } = useListDeliveryPeopleQuery({ page: 1, per_page: 25, sort: 'full_name', active: 'true', q: q || undefined });
  const options: DeliveryPersonOption[] = (data?.data ?? [])
    .filter((person) => person.key !== exclude)
    .map((person) => ({
      key: person.key,
      name: person.full_name,
      phone: person.phone,
      cities: (person.cities ?? []).map((city) => ({ key: city.city, name: city.city_name })),
    }));
  return (
    <RemoteAutocomplete<DeliveryPersonOption>
      {...props}
      options={options}
      loading={isFetching}
      onSearch={setSearch}
      getKey={(person) => person.key}
      getLabel={(person) => person.name}
      getDetail={(person) => person.phone && isolateLtr(person.phone, language)}
    />
  );
}
