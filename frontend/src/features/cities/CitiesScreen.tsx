import type { FormValues } from '../../components/form/fields';
import { activeToggleAction, ResourceScreen } from '../../components/resource/ResourceScreen';
import { ActiveChip } from '../../components/StatusChip';
import type { Column } from '../../components/table/DataTable';
import { dateColumn, moneyColumn } from '../../components/table/columns';
import { ActiveFilter } from '../../components/table/FilterSelect';
import { useListState } from '../../components/table/useListState';
import { useT } from '../../i18n';
import {
  useCreateCityMutation,
  useDeleteCityMutation,
  useListCitiesQuery,
  useUpdateCityMutation,
  type City,
  type CityBody,
} from '../../components/city/api';
import '../../i18n/screens';

type CityForm = CityBody & FormValues;

/** /compte/villes (admin): the cities served and their delivery, return and refusal fees. */
export default function CitiesScreen() {
  const t = useT();
  const list = useListState({ sort: 'name' });
  const result = useListCitiesQuery(list.args);
  const [createCity] = useCreateCityMutation();
  const [updateCity] = useUpdateCityMutation();
  const [deleteCity] = useDeleteCityMutation();

  const columns: Column<City>[] = [
    { id: 'name', label: t('cities.name'), sortKey: 'name' },
    moneyColumn('delivery_fee', t('fees.delivery'), 'delivery_fee'),
    moneyColumn('return_fee', t('fees.return'), 'return_fee'),
    moneyColumn('refusal_fee', t('fees.refusal'), 'refusal_fee'),
    { id: 'active', label: t('table.filterStatus'), card: 'badge', render: (c) => <ActiveChip active={c.active} inactiveLabel={t('cities.inactive')} activeLabel={t('cities.active')} /> },
    dateColumn('created_at', t('crud.createdAt'), 'created_at'),
  ];

  return (
    <ResourceScreen<City, CityForm>
      title={t('route.cities')}
      subtitle={t('cities.subtitle')}
      testId="cities-screen"
      list={list}
      result={result}
      columns={columns}
      rowName={(city) => city.name}
      searchPlaceholder={t('cities.search')}
      filters={<ActiveFilter list={list} />}
      emptyMessage={t('cities.empty')}
      form={{
        createLabel: t('cities.create'),
        createTitle: t('cities.createTitle'),
        editTitle: (city) => t('cities.editTitle', { name: city.name }),
        empty: () => ({ name: '', delivery_fee: null, return_fee: null, refusal_fee: null, active: true }),
        fromRow: (city) => ({
          name: city.name,
          delivery_fee: city.delivery_fee,
          return_fee: city.return_fee,
          refusal_fee: city.refusal_fee,
          active: city.active,
        }),
        fields: () => [
          { name: 'name', label: t('cities.name'), required: true, wide: true, autoFocus: true, maxLength: 100 },
          { name: 'delivery_fee', label: t('fees.delivery'), type: 'money', required: true },
          { name: 'return_fee', label: t('fees.return'), type: 'money', required: true },
          { name: 'refusal_fee', label: t('fees.refusal'), type: 'money', required: true },
          { name: 'active', label: t('cities.activeSwitch'), type: 'switch', helperText: t('cities.activeHelp') },
        ],
      }}
      onCreate={(body) => createCity(body).unwrap()}
      onUpdate={(city, body) => updateCity({ key: city.key, body }).unwrap()}
      onDelete={(city) => deleteCity(city.key).unwrap()}
      deleteText={(city) => ({ title: t('cities.deleteTitle', { name: city.name }), body: t('cities.deleteBody') })}
      rowActions={(city, { run }) => [
        activeToggleAction(city, t, (row, active) =>
          run(
            () => updateCity({ key: row.key, body: { active } }).unwrap(),
            t(active ? 'crud.activated' : 'crud.deactivated', { name: row.name }),
          ),
        ),
      ]}
    />
  );
}
