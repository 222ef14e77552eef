import { useState } from 'react';
import { RemoteAutocomplete } from '../form/RemoteAutocomplete';
import { useT } from '../../i18n';
import { useServedCitiesQuery } from './api';
import type { CityOption } from './CityAutocomplete';
import { matchingCities } from './match';
import '../../i18n/screens';

interface Props {
  name: string;
  label: string;
  value: CityOption | null;
  onChange: (city: CityOption | null) => void;
  error?: string;
  helperText?: string;
  required?: boolean;
  disabled?: boolean;
}

/**
 * A city the company serves (GET /api/cities/served, public: the registration form uses it
 * before anyone is signed in). The whole list comes at once, so typing filters it here.
 */
export function ServedCityAutocomplete({ error, helperText, ...props }: Props) {
  const t = useT();
  const [search, setSearch] = useState('');
  const { data, isFetching, isError, refetch } = useServedCitiesQuery();
  const cities = data ?? [];
  const failed = isError && !isFetching ? t('form.servedCitiesError') : undefined;
  const none = data && cities.length === 0 ? t('form.servedCitiesNone') : undefined;
  return (
    <RemoteAutocomplete<CityOption>
      {...props}
      autoHighlight
      options={matchingCities(cities, search)}
      loading={isFetching}
      onSearch={(text) => {
        setSearch(text);
        // A failed load is asked again as soon as the user types.
        if (isError && text) void refetch();
      }}
      getKey={(city) => city.key}
      getLabel={(city) => city.name}
      noOptionsText={failed ?? none ?? t('form.servedCitiesNoMatch')}
      error={error ?? failed}
      helperText={none ?? helperText}
    />
  );
}
