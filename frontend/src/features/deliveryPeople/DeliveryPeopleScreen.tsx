import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Link as RouterLink } from 'react-router';
import { useTabParam } from '../../components/useTabParam';
import { useState } from 'react';
import type { FormValues } from '../../components/form/fields';
import { PageHeader } from '../../components/PageHeader';
import { activeToggleAction, ResourceScreen } from '../../components/resource/ResourceScreen';
import { ActiveChip } from '../../components/StatusChip';
import type { Column } from '../../components/table/DataTable';
import { dateColumn } from '../../components/table/columns';
import { ActiveFilter } from '../../components/table/FilterSelect';
import { useListState } from '../../components/table/useListState';
import { useAppSelector } from '../../core/hooks';
import { useLanguage, useT } from '../../i18n';
import { formatCount } from '../../components/money';
import { PhoneText } from '../../components/PhoneLink';
import { pathOf } from '../../navigation/access';
import { NOT_FOUND_PATH } from '../../navigation/routes';
import { selectSessionInfo } from '../../core/session/authSlice';
import { useListDeliveryPersonBalancesQuery } from '../../components/invoice/api';
import { BalanceChip } from '../../components/invoice/BalanceChip';
import { OWING_PARAM, PERSON_PARAM } from '../../components/invoice/balanceParams';
import {
  useCreateDeliveryPersonMutation,
  useDeleteDeliveryPersonMutation,
  useListDeliveryPeopleQuery,
  useUpdateDeliveryPersonMutation,
  type DeliveryPersonBody,
  type DeliveryPersonView,
} from '../../components/deliveryPerson/api';
import { CallChecksPanel } from './CallChecksPanel';
import { DeliveryCitiesDialog } from './DeliveryCitiesDialog';
import '../../i18n/invoices';
import '../../i18n/screens';

interface PersonForm extends FormValues {
  full_name: string;
  phone: string;
  email: string;
  password: string;
  national_id: string;
  vehicle: string;
  active: boolean;
}

/** The request body: a blank password on edit keeps the current one. */
function toBody(values: PersonForm, editing: boolean): DeliveryPersonBody {
  const body: DeliveryPersonBody = {
    full_name: values.full_name.trim(),
    email: values.email.trim(),
    phone: values.phone.trim(),
    national_id: values.national_id.trim(),
    vehicle: values.vehicle.trim(),
    active: values.active,
  };
  if (values.password || !editing) body.password = values.password;
  return body;
}

const MAX_CITY_CHIPS = 3;

/** The address parameter naming the open tab (`?onglet=calls`). */

const TABS = ['people', 'calls'] as const;
type PeopleTab = (typeof TABS)[number];

/**
 * /compte/livreurs (admin): delivery people, their accounts and the cities each one serves; and,
 * in a second tab, whether their failed attempts followed a call (« Appels avant échec »).
 */
export default function DeliveryPeopleScreen() {
  const t = useT();
  const [tab, choose] = useTabParam<PeopleTab>(TABS);

  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }} data-testid="delivery-people-screen" data-tab={tab}>
      <PageHeader title={t('route.deliverymen')} subtitle={t('deliveryPeople.subtitle')} />
      <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tabs value={tab} onChange={(_event, value: PeopleTab) => choose(value)} variant="fullWidth" sx={{ maxWidth: { sm: 480 } }}>
          {TABS.map((name) => (
            <Tab
              key={name}
              value={name}
              label={t(name === 'people' ? 'deliveryPeople.tab.people' : 'deliveryPeople.tab.calls')}
              id={`delivery-people-tab-${name}`}
              data-testid={`delivery-people-tab-${name}`}
            />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" aria-labelledby={`delivery-people-tab-${tab}`} sx={{ minWidth: 0 }}>
        {tab === 'people' ? <PeoplePanel /> : <CallChecksPanel />}
      </Box>
    </Box>
  );
}

/** The delivery people and their accounts: the list, its forms and the cities each one serves. */
function PeoplePanel() {
  const t = useT();
  const language = useLanguage();
  const list = useListState({ sort: 'full_name' });
  const result = useListDeliveryPeopleQuery(list.args);
  const [createPerson] = useCreateDeliveryPersonMutation();
  const [updatePerson] = useUpdateDeliveryPersonMutation();
  const [deletePerson] = useDeleteDeliveryPersonMutation();
  const [citiesOf, setCitiesOf] = useState<DeliveryPersonView | null>(null);
  // The balances of the people on this page, in one call.
  const keys = (result.data?.data ?? []).map((row) => row.key);
  const balances = useListDeliveryPersonBalancesQuery({ delivery_admin: keys.join(','), per_page: 100 }, { skip: keys.length === 0 });
  const balanceOf = new Map((balances.data?.data ?? []).map((row) => [row.key, row.balance]));
  const session = useAppSelector(selectSessionInfo);
  const balancesPath = pathOf('delivery-person-balances', session);

  const columns: Column<DeliveryPersonView>[] = [
    { id: 'full_name', label: t('deliveryPeople.fullName'), sortKey: 'full_name' },
    { id: 'phone', label: t('merchants.phone'), render: (row) => <PhoneText phone={row.phone} /> },
    { id: 'email', label: t('merchants.email') },
    { id: 'vehicle', label: t('deliveryPeople.vehicle'), render: (row) => row.vehicle || '—' },
    {
      id: 'cities',
      label: t('deliveryPeople.cities'),
      render: (row) => (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
          {row.cities.length === 0 && '—'}
          {row.cities.slice(0, MAX_CITY_CHIPS).map((city) => (
            <Chip key={city.city} size="small" label={city.city_name} />
          ))}
          {row.cities.length > MAX_CITY_CHIPS && (
            <Chip size="small" variant="outlined" label={formatCount(row.cities.length - MAX_CITY_CHIPS, language, true)} />
          )}
        </Box>
      ),
    },
    {
      id: 'balance',
      label: t('invoices.balance.column.balance'),
      align: 'right',
      render: (row) => {
        const balance = balanceOf.get(row.key);
        if (balance === undefined) return balances.isFetching ? <Skeleton width={72} /> : '—';
        const chip = <BalanceChip balance={balance} testId="deliveryman-balance" />;
        // The balances screen, this person's entries open (admins holding it).
        return balancesPath === NOT_FOUND_PATH ? (
          chip
        ) : (
          <Link component={RouterLink} to={`${balancesPath}?${OWING_PARAM}=false&${PERSON_PARAM}=${encodeURIComponent(row.key)}`} onClick={(event) => event.stopPropagation()} underline="none">
            {chip}
          </Link>
        );
      },
    },
    { id: 'active', label: t('table.filterStatus'), card: 'badge', render: (row) => <ActiveChip active={row.active} /> },
    dateColumn('created_at', t('crud.createdAt'), 'created_at'),
  ];

  return (
    <ResourceScreen<DeliveryPersonView, PersonForm>
      testId="deliverymen-screen"
      list={list}
      result={result}
      columns={columns}
      rowName={(row) => row.full_name}
      searchPlaceholder={t('deliveryPeople.search')}
      filters={<ActiveFilter list={list} />}
      emptyMessage={t('deliveryPeople.empty')}
      form={{
        createLabel: t('deliveryPeople.create'),
        createTitle: t('deliveryPeople.createTitle'),
        editTitle: (row) => t('deliveryPeople.editTitle', { name: row.full_name }),
        empty: () => ({ full_name: '', phone: '', email: '', password: '', national_id: '', vehicle: '', active: true }),
        fromRow: (row) => ({
          full_name: row.full_name,
          phone: row.phone,
          email: row.email,
          password: '',
          national_id: row.national_id ?? '',
          vehicle: row.vehicle ?? '',
          active: row.active,
        }),
        fields: (row) => [
          { name: 'full_name', label: t('deliveryPeople.fullName'), required: true, wide: true, autoFocus: !row },
          { name: 'phone', label: t('auth.phone'), type: 'tel', required: true, helperText: t('auth.phoneHelp') },
          { name: 'email', label: t('auth.email'), type: 'email', required: true },
          {
            name: 'password',
            label: row ? t('staff.newPassword') : t('auth.password'),
            type: 'password',
            required: !row,
            helperText: row ? t('staff.passwordKeep') : t('profile.passwordHelp'),
          },
          { name: 'national_id', label: t('deliveryPeople.nationalId'), required: true, helperText: t('deliveryPeople.nationalIdHelp') },
          { name: 'vehicle', label: t('deliveryPeople.vehicle'), helperText: t('deliveryPeople.vehicleHelp') },
          { name: 'active', label: t('staff.activeSwitch'), type: 'switch', helperText: t('staff.activeHelp') },
        ],
      }}
      onCreate={(values) => createPerson(toBody(values, false)).unwrap()}
      onUpdate={(row, values) => updatePerson({ key: row.key, body: toBody(values, true) }).unwrap()}
      onDelete={(row) => deletePerson(row.key).unwrap()}
      deleteText={(row) => ({ title: t('deliveryPeople.deleteTitle', { name: row.full_name }), body: t('deliveryPeople.deleteBody') })}
      rowActions={(row, { run }) => [
        {
          id: 'cities',
          label: t('deliveryPeople.citiesAction'),
          icon: <PlaceOutlined fontSize="small" />,
          onClick: setCitiesOf,
        },
        activeToggleAction(row, t, (target, active) =>
          run(
            () => updatePerson({ key: target.key, body: { active } }).unwrap(),
            t(active ? 'crud.activated' : 'crud.deactivated', { name: target.full_name }),
          ),
        ),
      ]}
    >
      {({ notify }) =>
        citiesOf && <DeliveryCitiesDialog person={citiesOf} notify={notify} onClose={() => setCitiesOf(null)} />
      }
    </ResourceScreen>
  );
}
