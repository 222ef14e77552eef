import Box from '@mui/material/Box';
import { useState } from 'react';
import type { FormValues } from '../../components/form/fields';
import { ResourceScreen } from '../../components/resource/ResourceScreen';
import type { Column } from '../../components/table/DataTable';
import { dateColumn, moneyColumn } from '../../components/table/columns';
import { useListState } from '../../components/table/useListState';
import { useT } from '../../i18n';
import { CityAutocomplete, type CityOption } from '../../components/city/CityAutocomplete';
import { MerchantAutocomplete, type MerchantOption } from '../../components/merchant/MerchantAutocomplete';
import {
  useCreateCostMutation,
  useDeleteCostMutation,
  useListCostsQuery,
  useUpdateCostMutation,
  type CostView,
} from './api';
import '../../i18n/screens';

interface CostForm extends FormValues {
  client: MerchantOption | null;
  city: CityOption | null;
  delivery_fee: number | null;
  return_fee: number | null;
  refusal_fee: number | null;
}

/** /compte/couts (admin): merchants' own delivery, return and refusal fees in some cities. */
export default function CostsScreen() {
  const t = useT();
  const list = useListState({ sort: 'city' });
  const [merchant, setMerchant] = useState<MerchantOption | null>(null);
  const result = useListCostsQuery(list.args);
  const [createCost] = useCreateCostMutation();
  const [updateCost] = useUpdateCostMutation();
  const [deleteCost] = useDeleteCostMutation();

  const columns: Column<CostView>[] = [
    { id: 'client_name', label: t('costs.client') },
    { id: 'city_name', label: t('cities.name'), sortKey: 'city' },
    moneyColumn('delivery_fee', t('fees.delivery'), 'delivery_fee'),
    moneyColumn('return_fee', t('fees.return')),
    moneyColumn('refusal_fee', t('fees.refusal')),
    dateColumn('updated_at', t('costs.updatedAt'), 'updated_at'),
  ];

  const fees = (values: CostForm) => ({
    delivery_fee: values.delivery_fee,
    return_fee: values.return_fee,
    refusal_fee: values.refusal_fee,
  });

  return (
    <ResourceScreen<CostView, CostForm>
      title={t('costs.title')}
      subtitle={t('costs.subtitle')}
      testId="costs-screen"
      list={list}
      result={result}
      columns={columns}
      rowName={(cost) => `${cost.client_name} – ${cost.city_name}`}
      searchPlaceholder={t('costs.search')}
      emptyMessage={merchant ? t('costs.emptyFor', { name: merchant.name }) : t('costs.empty')}
      filters={
        <Box sx={{ minWidth: { sm: 300 } }} data-testid="costs-client-filter">
          <MerchantAutocomplete
            name="client_filter"
            label={t('costs.filterMerchant')}
            value={merchant}
            onChange={(option) => {
              setMerchant(option);
              list.setFilter('client', option?.key);
            }}
          />
        </Box>
      }
      form={{
        createLabel: t('costs.create'),
        createTitle: t('costs.createTitle'),
        editTitle: (cost) => t('costs.editTitle', { client: cost.client_name, city: cost.city_name }),
        empty: () => ({ client: merchant, city: null, delivery_fee: null, return_fee: null, refusal_fee: null }),
        fromRow: (cost) => ({
          client: { key: cost.client, name: cost.client_name },
          city: { key: cost.city, name: cost.city_name },
          delivery_fee: cost.delivery_fee,
          return_fee: cost.return_fee,
          refusal_fee: cost.refusal_fee,
        }),
        fields: (cost) => [
          {
            name: 'client',
            label: t('costs.client'),
            type: 'custom',
            required: true,
            wide: true,
            disabled: Boolean(cost),
            render: (props) => <MerchantAutocomplete {...props} />,
          },
          {
            name: 'city',
            label: t('cities.name'),
            type: 'custom',
            required: true,
            wide: true,
            disabled: Boolean(cost),
            helperText: cost ? undefined : t('costs.cityHelp'),
            render: (props) => <CityAutocomplete {...props} />,
          },
          { name: 'delivery_fee', label: t('fees.delivery'), type: 'money', required: true },
          { name: 'return_fee', label: t('fees.return'), type: 'money', required: true },
          { name: 'refusal_fee', label: t('fees.refusal'), type: 'money', required: true },
        ],
      }}
      onCreate={(values) =>
        createCost({ client: values.client?.key ?? '', city: values.city?.key ?? '', ...fees(values) }).unwrap()
      }
      onUpdate={(cost, values) => updateCost({ key: cost.key, body: fees(values) }).unwrap()}
      onDelete={(cost) => deleteCost(cost.key).unwrap()}
      deleteText={(cost) => ({
        title: t('costs.deleteTitle', { client: cost.client_name, city: cost.city_name }),
        body: t('costs.deleteBody'),
      })}
    />
  );
}
