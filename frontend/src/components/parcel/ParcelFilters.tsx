import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { FormTextField } from '../FormTextField';
import { FilterSelect } from '../table/FilterSelect';
import type { ListState } from '../table/useListState';
import { useT, type MessageKey } from '../../i18n';
import { CityAutocomplete, type CityOption } from '../city/CityAutocomplete';
import { MerchantAutocomplete, type MerchantOption } from '../merchant/MerchantAutocomplete';
import { useListShopsQuery } from '../shop/api';
import type { ParcelLookups } from './access';
import type { ParcelStatus } from './api';
import { DeliveryPersonAutocomplete, type DeliveryPersonOption } from './DeliveryPersonAutocomplete';
import { statusFilterOptions, type ParcelViewConfig } from './views';
import '../../i18n/parcels';
import '../../i18n/screens';

interface Props {
  list: ListState;
  config: ParcelViewConfig;
  lookups: ParcelLookups;
}

const NO_VALUES = {};

/** The filters of a parcel list: status (several), city, shop or merchant, delivery person, dates. */
export function ParcelFilters({ list, config, lookups }: Props) {
  const t = useT();
  const [city, setCity] = useState<CityOption | null>(null);
  const [merchant, setMerchant] = useState<MerchantOption | null>(null);
  const [deliveryPerson, setDeliveryPerson] = useState<DeliveryPersonOption | null>(null);
  const shown = new Set(config.filters);
  const statuses = statusFilterOptions(config.view);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', flex: '1 1 auto' }} data-testid="parcel-filters">
      {shown.has('status') && statuses.length > 0 && <StatusFilter list={list} statuses={statuses} />}
      {shown.has('city') && lookups.cities && (
        <Box sx={{ width: 200 }}>
          <CityAutocomplete
            name="filter-city"
            label={t('parcels.city')}
            value={city}
            values={NO_VALUES}
            onChange={(value) => {
              const option = value as CityOption | null;
              setCity(option);
              list.setFilter('city', option?.key);
            }}
          />
        </Box>
      )}
      {shown.has('shop') && lookups.shops && <ShopFilter list={list} />}
      {shown.has('client') && lookups.merchants && (
        <Box sx={{ width: 220 }}>
          <MerchantAutocomplete
            name="filter-client"
            label={t('parcels.merchant')}
            value={merchant}
            onChange={(option) => {
              setMerchant(option);
              list.setFilter('client', option?.key);
            }}
          />
        </Box>
      )}
      {shown.has('delivery_admin') && lookups.deliveryPeople && (
        <Box sx={{ width: 220 }}>
          <DeliveryPersonAutocomplete
            name="filter-delivery-admin"
            label={t('parcels.deliveryPerson')}
            value={deliveryPerson}
            onChange={(option) => {
              setDeliveryPerson(option);
              list.setFilter('delivery_admin', option?.key);
            }}
          />
        </Box>
      )}
      {shown.has('dates') && (
        <>
          <DateFilter list={list} filter="from" label={t('parcels.from')} />
          <DateFilter list={list} filter="to" label={t('parcels.to')} />
        </>
      )}
    </Box>
  );
}

function StatusFilter({ list, statuses }: { list: ListState; statuses: readonly ParcelStatus[] }) {
  const t = useT();
  const current = String(list.filters.status ?? '');
  const value = current ? current.split(',') : [];
  const label = (status: string) => t(`parcels.status.${status}` as MessageKey);
  return (
    <TextField
      select
      label={t('parcels.statusFilter')}
      value={value}
      onChange={(event) => {
        const picked = event.target.value as unknown as string[] | string;
        const next = typeof picked === 'string' ? picked.split(',') : picked;
        // Keep the order of the flow, whatever the order of the clicks.
        list.setFilter('status', statuses.filter((status) => next.includes(status)).join(',') || undefined);
      }}
      sx={{ width: 220 }}
      slotProps={{
        select: {
          multiple: true,
          renderValue: (selected) => {
            const keys = selected as string[];
            return keys.length === 0 ? t('table.filterAll') : keys.length === 1 ? label(keys[0]) : t('parcels.statusCount', { count: keys.length });
          },
          displayEmpty: true,
        },
        inputLabel: { shrink: true },
        htmlInput: { 'data-testid': 'filter-status' },
      }}
    >
      {statuses.map((status) => (
        <MenuItem key={status} value={status} dense>
          <Checkbox size="small" checked={value.includes(status)} sx={{ py: 0 }} />
          <ListItemText primary={label(status)} />
        </MenuItem>
      ))}
    </TextField>
  );
}

function ShopFilter({ list }: { list: ListState }) {
  const t = useT();
  const { data } = useListShopsQuery({ page: 1, per_page: 100, sort: 'name' });
  const shops = data?.data ?? [];
  if (shops.length < 2) return null;
  return (
    <FilterSelect
      list={list}
      filter="shop"
      label={t('parcels.shop')}
      options={[{ value: '', label: t('table.filterAll') }, ...shops.map((shop) => ({ value: shop.key, label: shop.name }))]}
    />
  );
}

function DateFilter({ list, filter, label }: { list: ListState; filter: 'from' | 'to'; label: string }) {
  return (
    <FormTextField
      type="date"
      label={label}
      shrinkLabel
      fullWidth={false}
      value={String(list.filters[filter] ?? '')}
      onChange={(event) => list.setFilter(filter, event.target.value || undefined)}
      inputProps={{ 'data-testid': `filter-${filter}` }}
      sx={{ width: 170 }}
    />
  );
}
